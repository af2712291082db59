CREATE TABLE "plan_statements" (
	"plan_id" uuid NOT NULL,
	"anniversary_on" date NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_statements_plan_id_anniversary_on_pk" PRIMARY KEY("plan_id","anniversary_on")
);
--> statement-breakpoint
ALTER TABLE "plan_statements" ADD CONSTRAINT "plan_statements_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;
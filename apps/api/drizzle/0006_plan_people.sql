CREATE TABLE "plan_people" (
	"plan_id" uuid PRIMARY KEY NOT NULL,
	"customer" jsonb NOT NULL,
	"covered_person" jsonb,
	"nominee" jsonb,
	"payer" jsonb,
	"vulnerabilities" jsonb,
	"vulnerability_consent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_people" ADD CONSTRAINT "plan_people_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;
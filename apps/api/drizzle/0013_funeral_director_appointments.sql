CREATE TABLE "funeral_director_appointments" (
	"plan_id" uuid PRIMARY KEY NOT NULL,
	"branch_id" integer,
	"appointed_on" date NOT NULL,
	"needs_staff" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "funeral_director_appointments" ADD CONSTRAINT "funeral_director_appointments_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funeral_director_appointments" ADD CONSTRAINT "funeral_director_appointments_branch_id_funeral_director_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."funeral_director_branches"("id") ON DELETE no action ON UPDATE no action;
CREATE TABLE "arrears_outcomes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"arrears_statement_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"note" text,
	"recorded_by" uuid NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arrears_outcomes_arrears_statement_id_unique" UNIQUE("arrears_statement_id"),
	CONSTRAINT "arrears_outcomes_outcome_known" CHECK ("arrears_outcomes"."outcome" in ('settled', 'new_arrangement', 'cancelled_with_refund'))
);
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "followed_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "followed_up_by" uuid;--> statement-breakpoint
ALTER TABLE "arrears_outcomes" ADD CONSTRAINT "arrears_outcomes_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrears_outcomes" ADD CONSTRAINT "arrears_outcomes_arrears_statement_id_arrears_statements_id_fk" FOREIGN KEY ("arrears_statement_id") REFERENCES "public"."arrears_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrears_outcomes" ADD CONSTRAINT "arrears_outcomes_recorded_by_staff_members_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "arrears_outcomes_plan_id_idx" ON "arrears_outcomes" USING btree ("plan_id");--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_followed_up_by_staff_members_id_fk" FOREIGN KEY ("followed_up_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The outcome of a missed-payments case is kept as recorded: never updated, deleted or emptied,
-- as the audit log is (issue 24; decision 031).
CREATE FUNCTION "arrears_outcomes_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'arrears_outcomes are kept as recorded: never updated or deleted';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "arrears_outcomes_append_only" BEFORE UPDATE OR DELETE ON "arrears_outcomes"
  FOR EACH ROW EXECUTE FUNCTION "arrears_outcomes_append_only"();--> statement-breakpoint
CREATE TRIGGER "arrears_outcomes_never_emptied" BEFORE TRUNCATE ON "arrears_outcomes"
  FOR EACH STATEMENT EXECUTE FUNCTION "arrears_outcomes_append_only"();

CREATE TABLE "at_need_case_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"by" text NOT NULL,
	"note" text,
	"from_address" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "at_need_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid,
	"status" text NOT NULL,
	"notification" jsonb NOT NULL,
	"at_death" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "funeral_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "at_need_case_events" ADD CONSTRAINT "at_need_case_events_case_id_at_need_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."at_need_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "at_need_cases" ADD CONSTRAINT "at_need_cases_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "at_need_case_events_case_id_idx" ON "at_need_case_events" USING btree ("case_id");--> statement-breakpoint
CREATE UNIQUE INDEX "at_need_cases_plan_id_idx" ON "at_need_cases" USING btree ("plan_id");--> statement-breakpoint
-- A case's history is kept as it happened: its events are never changed or deleted (issue 23 item 4).
CREATE FUNCTION "at_need_case_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'at_need_case_events are kept as they happened: never updated or deleted';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "at_need_case_events_append_only" BEFORE UPDATE OR DELETE ON "at_need_case_events"
  FOR EACH ROW EXECUTE FUNCTION "at_need_case_events_append_only"();

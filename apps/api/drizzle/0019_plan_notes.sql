CREATE TABLE "plan_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"staff_member_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_notes" ADD CONSTRAINT "plan_notes_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_notes" ADD CONSTRAINT "plan_notes_staff_member_id_staff_members_id_fk" FOREIGN KEY ("staff_member_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_notes_plan_id_idx" ON "plan_notes" USING btree ("plan_id","created_at");--> statement-breakpoint
-- Staff notes on a plan are kept as written: never updated or emptied, and deleted only with their
-- plan, when an unfinished plan is erased (the foreign key's cascade, once the plan's row is gone)
-- (issue 24; decision 031).
CREATE FUNCTION "plan_notes_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM "plans" WHERE "id" = OLD."plan_id") THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'plan_notes are kept as written: never updated or deleted';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "plan_notes_append_only" BEFORE UPDATE OR DELETE ON "plan_notes"
  FOR EACH ROW EXECUTE FUNCTION "plan_notes_append_only"();--> statement-breakpoint
CREATE TRIGGER "plan_notes_never_emptied" BEFORE TRUNCATE ON "plan_notes"
  FOR EACH STATEMENT EXECUTE FUNCTION "plan_notes_append_only"();

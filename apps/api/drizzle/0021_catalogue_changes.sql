CREATE TABLE "catalogue_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"option_id" integer,
	"branch_id" integer,
	"change" jsonb NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"made_by" uuid,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	CONSTRAINT "catalogue_changes_one_subject" CHECK (("catalogue_changes"."option_id" is null) <> ("catalogue_changes"."branch_id" is null))
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "agreed_price" jsonb;--> statement-breakpoint
ALTER TABLE "catalogue_changes" ADD CONSTRAINT "catalogue_changes_option_id_catalogue_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."catalogue_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_changes" ADD CONSTRAINT "catalogue_changes_branch_id_funeral_director_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."funeral_director_branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_changes" ADD CONSTRAINT "catalogue_changes_made_by_staff_members_id_fk" FOREIGN KEY ("made_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_changes_option_id_idx" ON "catalogue_changes" USING btree ("option_id","effective_at");--> statement-breakpoint
CREATE INDEX "catalogue_changes_branch_id_idx" ON "catalogue_changes" USING btree ("branch_id","effective_at");--> statement-breakpoint
CREATE INDEX "catalogue_changes_due_idx" ON "catalogue_changes" USING btree ("effective_at") WHERE "catalogue_changes"."applied_at" is null;--> statement-breakpoint
-- A catalogue change is kept as made (issue 24 item 6; decision 032): the only update allowed
-- sets `applied_at` once, when the change is written into its option or branch; never a delete.
CREATE FUNCTION "catalogue_changes_kept_as_made"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.applied_at IS NULL AND NEW.applied_at IS NOT NULL
     AND NEW.id = OLD.id
     AND NEW.option_id IS NOT DISTINCT FROM OLD.option_id
     AND NEW.branch_id IS NOT DISTINCT FROM OLD.branch_id
     AND NEW.change = OLD.change
     AND NEW.effective_at = OLD.effective_at
     AND NEW.reason = OLD.reason
     AND NEW.made_by IS NOT DISTINCT FROM OLD.made_by
     AND NEW.made_at = OLD.made_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'catalogue_changes are kept as made: only applied_at may be set, once';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "catalogue_changes_kept_as_made" BEFORE UPDATE OR DELETE ON "catalogue_changes"
  FOR EACH ROW EXECUTE FUNCTION "catalogue_changes_kept_as_made"();--> statement-breakpoint
CREATE TRIGGER "catalogue_changes_never_emptied" BEFORE TRUNCATE ON "catalogue_changes"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changes_kept_as_made"();

CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"payment_id" uuid,
	"collection_id" uuid,
	"amount_pence" integer NOT NULL,
	"status" text DEFAULT 'owed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "refunds_payment_unique" UNIQUE("payment_id"),
	CONSTRAINT "refunds_collection_unique" UNIQUE("collection_id"),
	CONSTRAINT "refunds_of_one_thing" CHECK (num_nonnulls("refunds"."payment_id", "refunds"."collection_id") = 1),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_pence" > 0)
);
--> statement-breakpoint
DROP INDEX "payments_one_live_per_plan";--> statement-breakpoint
DROP INDEX "mandates_one_live_per_plan";--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "wanted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "mandates" ADD COLUMN "wanted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "wanted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_plan_id_idx" ON "refunds" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "mandates_plan_id_idx" ON "mandates" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "payments_plan_id_idx" ON "payments" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_per_plan" ON "payments" USING btree ("plan_id") WHERE wanted and status in ('pending', 'requires_action');--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_taken_per_plan_and_option" ON "payments" USING btree ("plan_id","payment_option") WHERE wanted and status = 'confirmed';--> statement-breakpoint
CREATE UNIQUE INDEX "mandates_one_live_per_plan" ON "mandates" USING btree ("plan_id") WHERE wanted and status in ('pending_submission', 'active');--> statement-breakpoint
-- What was refunded before refunds had rows of their own: a refund, confirmed, for each.
INSERT INTO "refunds" ("plan_id", "payment_id", "amount_pence", "status", "created_at", "refunded_at")
  SELECT "plan_id", "id", "amount_pence", 'refunded', coalesce("refunded_at", "updated_at"), coalesce("refunded_at", "updated_at")
  FROM "payments" WHERE "status" = 'refunded';--> statement-breakpoint
UPDATE "payments" SET "status" = 'confirmed' WHERE "status" = 'refunded';--> statement-breakpoint
INSERT INTO "refunds" ("plan_id", "collection_id", "amount_pence", "status", "created_at", "refunded_at")
  SELECT "plan_id", "id", "amount_pence", 'refunded', "updated_at", "updated_at"
  FROM "collections" WHERE "status" = 'refunded';--> statement-breakpoint
UPDATE "collections" SET "status" = 'collected' WHERE "status" = 'refunded';--> statement-breakpoint
-- A cancelled plan wants none of its payments, collections or mandates any more.
UPDATE "payments" SET "wanted" = false FROM "plans" WHERE "plans"."id" = "payments"."plan_id" AND "plans"."cancelled_at" IS NOT NULL;--> statement-breakpoint
UPDATE "collections" SET "wanted" = false FROM "plans" WHERE "plans"."id" = "collections"."plan_id" AND "plans"."cancelled_at" IS NOT NULL;--> statement-breakpoint
UPDATE "mandates" SET "wanted" = false FROM "plans" WHERE "plans"."id" = "mandates"."plan_id" AND "plans"."cancelled_at" IS NOT NULL;--> statement-breakpoint
-- Money taken on a cancelled plan and never given back (issue 22's lost refunds): owed now.
INSERT INTO "refunds" ("plan_id", "payment_id", "amount_pence")
  SELECT "payments"."plan_id", "payments"."id", "payments"."amount_pence" FROM "payments"
  WHERE NOT "payments"."wanted" AND "payments"."status" = 'confirmed'
  AND NOT EXISTS (SELECT 1 FROM "refunds" WHERE "refunds"."payment_id" = "payments"."id");--> statement-breakpoint
INSERT INTO "refunds" ("plan_id", "collection_id", "amount_pence")
  SELECT "collections"."plan_id", "collections"."id", "collections"."amount_pence" FROM "collections"
  WHERE NOT "collections"."wanted" AND "collections"."status" = 'collected'
  AND NOT EXISTS (SELECT 1 FROM "refunds" WHERE "refunds"."collection_id" = "collections"."id");--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "refunded_at";--> statement-breakpoint
-- The invariants of a plan's money, checked by the database as each transaction commits
-- (docs/decisions/023-plan-money.md): money taken on a payment or collection no longer wanted
-- always has its refund row; a plan never has a card payment for the whole price (open or taken)
-- beside a Direct Debit that stands; a cancelled plan wants nothing.
CREATE FUNCTION "check_plan_money"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  checked uuid;
BEGIN
  -- Each branch reads a column only its own table has.
  IF TG_TABLE_NAME = 'plans' THEN
    checked := NEW."id";
  ELSE
    checked := NEW."plan_id";
  END IF;
  IF EXISTS (SELECT 1 FROM "payments" p WHERE p."plan_id" = checked AND NOT p."wanted" AND p."status" = 'confirmed'
             AND NOT EXISTS (SELECT 1 FROM "refunds" r WHERE r."payment_id" = p."id"))
     OR EXISTS (SELECT 1 FROM "collections" c WHERE c."plan_id" = checked AND NOT c."wanted" AND c."status" = 'collected'
             AND NOT EXISTS (SELECT 1 FROM "refunds" r WHERE r."collection_id" = c."id")) THEN
    RAISE EXCEPTION 'plan % holds money it does not want without a refund owed', checked USING ERRCODE = 'check_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM "payments" p WHERE p."plan_id" = checked AND p."wanted" AND p."payment_option" = 'full'
             AND p."status" IN ('pending', 'requires_action', 'confirmed'))
     AND EXISTS (SELECT 1 FROM "mandates" m WHERE m."plan_id" = checked AND m."wanted"
             AND m."status" IN ('pending_submission', 'active')) THEN
    RAISE EXCEPTION 'plan % has two live ways of paying', checked USING ERRCODE = 'check_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM "plans" pl WHERE pl."id" = checked AND pl."cancelled_at" IS NOT NULL)
     AND (EXISTS (SELECT 1 FROM "payments" p WHERE p."plan_id" = checked AND p."wanted")
       OR EXISTS (SELECT 1 FROM "collections" c WHERE c."plan_id" = checked AND c."wanted")
       OR EXISTS (SELECT 1 FROM "mandates" m WHERE m."plan_id" = checked AND m."wanted")) THEN
    RAISE EXCEPTION 'cancelled plan % still wants a payment', checked USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "plans_money_check" AFTER UPDATE OF "cancelled_at" ON "plans"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "check_plan_money"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payments_money_check" AFTER INSERT OR UPDATE ON "payments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "check_plan_money"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "collections_money_check" AFTER INSERT OR UPDATE ON "collections"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "check_plan_money"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "mandates_money_check" AFTER INSERT OR UPDATE ON "mandates"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "check_plan_money"();
-- A Direct Debit that ended without our asking stops the plan's payments (issue 46 item 1;
-- docs/decisions/044-payments-stopped.md): its collections not yet submitted are no longer wanted.
-- Before this, a mandate's end changed only the mandate, so such collections stayed wanted.
UPDATE "collections" SET "wanted" = false, "updated_at" = now()
  FROM "mandates"
  WHERE "mandates"."id" = "collections"."mandate_id"
    AND "mandates"."status" IN ('failed', 'cancelled')
    AND "collections"."wanted" AND "collections"."status" = 'scheduled';--> statement-breakpoint
-- The invariants of a plan's money (migration 0010), with one more, checked as each transaction
-- commits: no collection still to be submitted is wanted under a Direct Debit that has ended.
CREATE OR REPLACE FUNCTION "check_plan_money"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF EXISTS (SELECT 1 FROM "collections" c JOIN "mandates" m ON m."id" = c."mandate_id"
             WHERE c."plan_id" = checked AND c."wanted" AND c."status" = 'scheduled'
             AND m."status" IN ('failed', 'cancelled')) THEN
    RAISE EXCEPTION 'plan % wants a collection under a Direct Debit that has ended', checked USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;

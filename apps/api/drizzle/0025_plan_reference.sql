-- Every plan gets a short reference a person can read out (`KND-7Q4M-2HX9`; issue 50 item 4,
-- decision 045). New plans are given theirs by the API (the domain's `planReferenceFromRandomBytes`);
-- plans made before are given one here, in the same form, from the database's own strong random
-- source (the random bytes of `gen_random_uuid()`), drawn again on the rare clash.
ALTER TABLE "plans" ADD COLUMN "reference" text;--> statement-breakpoint
CREATE UNIQUE INDEX "plans_reference_idx" ON "plans" USING btree ("reference");--> statement-breakpoint
CREATE FUNCTION "new_plan_reference"() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  random_bytes constant bytea := uuid_send(gen_random_uuid());
  characters text := '';
  position integer;
BEGIN
  -- Bytes 6 and 8 of a random UUID carry its version and variant; the others are all chance.
  FOREACH position IN ARRAY ARRAY[0, 1, 2, 3, 4, 5, 9, 10] LOOP
    characters := characters || substr(alphabet, get_byte(random_bytes, position) % 32 + 1, 1);
  END LOOP;
  RETURN 'KND-' || substr(characters, 1, 4) || '-' || substr(characters, 5, 4);
END;
$$;--> statement-breakpoint
DO $$
DECLARE
  plan_id uuid;
  candidate text;
BEGIN
  FOR plan_id IN SELECT "id" FROM "plans" WHERE "reference" IS NULL LOOP
    LOOP
      candidate := "new_plan_reference"();
      EXIT WHEN NOT EXISTS (SELECT 1 FROM "plans" WHERE "reference" = candidate);
    END LOOP;
    UPDATE "plans" SET "reference" = candidate WHERE "id" = plan_id;
  END LOOP;
END;
$$;--> statement-breakpoint
DROP FUNCTION "new_plan_reference"();--> statement-breakpoint
ALTER TABLE "plans" ALTER COLUMN "reference" SET NOT NULL;

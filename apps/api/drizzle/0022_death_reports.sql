CREATE TABLE "death_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"notification" jsonb NOT NULL,
	"informant_email" text NOT NULL,
	"from_address" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "at_need_case_events" ADD COLUMN "confirmed_by" text;--> statement-breakpoint
CREATE INDEX "death_reports_informant_email_idx" ON "death_reports" USING btree ("informant_email","received_at");
CREATE TABLE "enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"postcode" text,
	"contact_by_email" boolean DEFAULT false NOT NULL,
	"contact_by_phone" boolean DEFAULT false NOT NULL,
	"contact_by_post" boolean DEFAULT false NOT NULL,
	"utm_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"free_guide_ref" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"guide_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "enquiries_email_guide_sent_at_idx" ON "enquiries" USING btree ("email","guide_sent_at");
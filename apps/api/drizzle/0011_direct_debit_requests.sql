CREATE TABLE "direct_debit_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"plan_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"given_up_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"abandoned_provider_mandate_id" text
);
--> statement-breakpoint
ALTER TABLE "direct_debit_requests" ADD CONSTRAINT "direct_debit_requests_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_requests" ADD CONSTRAINT "direct_debit_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "direct_debit_requests_one_open_per_key" ON "direct_debit_requests" USING btree ("user_id","idempotency_key") WHERE given_up_at is null;--> statement-breakpoint
CREATE INDEX "direct_debit_requests_open_idx" ON "direct_debit_requests" USING btree ("asked_at") WHERE closed_at is null;--> statement-breakpoint
CREATE INDEX "direct_debit_requests_abandoned_mandate_idx" ON "direct_debit_requests" USING btree ("abandoned_provider_mandate_id");
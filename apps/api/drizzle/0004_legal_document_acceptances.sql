CREATE TABLE "legal_document_acceptances" (
	"plan_id" uuid NOT NULL,
	"doc_reference" text NOT NULL,
	"version" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_document_acceptances_plan_id_doc_reference_pk" PRIMARY KEY("plan_id","doc_reference")
);
--> statement-breakpoint
ALTER TABLE "legal_document_acceptances" ADD CONSTRAINT "legal_document_acceptances_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;
-- Documents of a loan application (docs/loan-applications.md): payslip, employer letter, collateral
-- papers. The bytes live in the private `loan-documents` bucket, reached only through
-- /api/loan-applications/:id/documents, which checks loans.apply/loans.read and the branch; no staff
-- permission opens the bucket through /storage/v1. Listed per application, oldest first.
CREATE TABLE "loan_application_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" integer NOT NULL REFERENCES "loan_applications"("id"),
	"kind" text NOT NULL,
	"object_path" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"uploaded_by_email" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_application_documents_object_unique" UNIQUE("object_path"),
	CONSTRAINT "loan_application_documents_kind_check" CHECK ("loan_application_documents"."kind" in ('payslip', 'employer_letter', 'collateral_papers', 'other')),
	CONSTRAINT "loan_application_documents_name_check" CHECK (length("loan_application_documents"."file_name") between 1 and 200)
);
--> statement-breakpoint
CREATE INDEX "loan_application_documents_application_idx" ON "loan_application_documents" USING btree ("application_id","uploaded_at","id");--> statement-breakpoint
INSERT INTO "storage_buckets" ("id", "name", "public", "file_size_limit", "allowed_mime_types", "read_permission", "write_permission", "delete_permission")
VALUES ('loan-documents', 'loan-documents', false, 5242880, ARRAY['application/pdf', 'image/png', 'image/jpeg'], NULL, NULL, NULL)
ON CONFLICT ("id") DO NOTHING;

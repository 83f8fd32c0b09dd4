-- Evidence filed with an AML case (packages/contracts/src/aml/attachments.ts). The bytes live in the
-- private `aml-evidence` bucket, which no /storage/v1 permission opens (all three permissions NULL):
-- only /api/aml/cases/:id/attachments reaches it, behind aml.cases to file and aml.alerts to read, so
-- nobody who serves the customer can find a file that would tip them off.
CREATE TABLE "aml_case_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL REFERENCES "aml_cases"("id"),
	"object_path" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"uploaded_by_email" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aml_case_attachments_object_unique" UNIQUE("object_path"),
	CONSTRAINT "aml_case_attachments_name_check" CHECK (length("aml_case_attachments"."file_name") between 1 and 200)
);
--> statement-breakpoint
CREATE INDEX "aml_case_attachments_case_idx" ON "aml_case_attachments" USING btree ("case_id","uploaded_at","id");
--> statement-breakpoint
INSERT INTO "storage_buckets" ("id", "name", "public", "file_size_limit", "allowed_mime_types", "read_permission", "write_permission", "delete_permission")
VALUES ('aml-evidence', 'aml-evidence', false, 5242880, ARRAY['application/pdf', 'image/png', 'image/jpeg'], NULL, NULL, NULL)
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
-- Evidence is what a case was decided on, and what the FIU or a court may ask for: once filed it is
-- never changed or deleted, as an STR is not.
CREATE OR REPLACE FUNCTION aml_case_attachments_frozen() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'case evidence is never changed or deleted: % is not allowed', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER aml_case_attachments_frozen BEFORE UPDATE OR DELETE ON aml_case_attachments
FOR EACH ROW EXECUTE FUNCTION aml_case_attachments_frozen();
--> statement-breakpoint
CREATE TRIGGER aml_case_attachments_no_truncate BEFORE TRUNCATE ON aml_case_attachments
FOR EACH STATEMENT EXECUTE FUNCTION aml_case_attachments_frozen();

-- An STR is drafted from an AML case (docs/decisions/0048-goaml-filing.md). The filing side was
-- written before aml_cases existed, so its case_id had no foreign key; both tables now exist.
ALTER TABLE "aml_str_reports" ADD CONSTRAINT "aml_str_reports_case_id_aml_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."aml_cases"("id") ON DELETE no action ON UPDATE no action;

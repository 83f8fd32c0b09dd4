-- The managers' lists sort a type's or a product's accounts by balance, and an index on balance would
-- cost every posting its HOT update (ADR 0029). The band is a stored column that a posting changes only
-- when the balance moves by about a fifth, so most postings still leave the indexes alone, and a list
-- walks a band's index entries and sorts only the bands it shows (ADR 0029, addendum).
ALTER TABLE "accounts" ADD COLUMN "balance_band" smallint GENERATED ALWAYS AS ((case when balance < 0 then -floor(ln(1 - balance::float8) * 5.7707801635558535)
  else floor(ln(1 + balance::float8) * 5.7707801635558535) end)::smallint) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "accounts_type_band_idx" ON "accounts" USING btree ("account_type","balance_band");--> statement-breakpoint
CREATE INDEX "accounts_product_band_idx" ON "accounts" USING btree ("product_code","balance_band");
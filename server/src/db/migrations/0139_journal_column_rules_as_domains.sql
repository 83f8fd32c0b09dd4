-- The rules of single columns of journal_entries and transactions are the constraints of domains,
-- not table CHECKs, as accounts' became in migration 0136 (ADR 0094, after ADR 0092).
--
-- PostgreSQL re-reads each CHECK of a table from its stored text for every statement that writes the
-- table: a transfer's entry re-read journal_entries' three and its two lines transactions' two, twice.
-- A domain's constraint is prepared once per session from the type cache. Counted by
-- `npm run bench:posting-instructions`, a transfer costs 3 % fewer instructions inside PostgreSQL.
-- journal_entries_not_self_reversal compares two columns and stays a table CHECK.
--
-- The columns change type in place: a domain over the column's own type is binary-compatible, so
-- neither table nor its indexes are rewritten. The domains' constraints are added NOT VALID: the
-- existing rows were held to the same rules by the table CHECKs this migration drops, and validating
-- would scan every journal line (tens of millions of rows at a million customers). New and changed
-- values are checked all the same. The view that names these columns is dropped and made again,
-- unchanged, because PostgreSQL does not retype a column a view depends on.
CREATE DOMAIN journal_source AS text;
--> statement-breakpoint
CREATE DOMAIN exchange_rate AS numeric(16,6);
--> statement-breakpoint
CREATE DOMAIN positive_money AS numeric(18,2);
--> statement-breakpoint
CREATE DOMAIN posting_side AS text;
--> statement-breakpoint
DROP VIEW journal_lines;
--> statement-breakpoint
ALTER TABLE journal_entries ALTER COLUMN source TYPE journal_source, ALTER COLUMN fx_rate TYPE exchange_rate;
--> statement-breakpoint
ALTER TABLE transactions ALTER COLUMN amount TYPE positive_money, ALTER COLUMN direction TYPE posting_side;
--> statement-breakpoint
-- The contracts' JOURNAL_SOURCES (a test holds the two lists equal).
ALTER DOMAIN journal_source ADD CONSTRAINT journal_source_check
  CHECK (VALUE IN ('teller', 'transfer', 'manual', 'posting', 'reversal', 'system', 'end_of_day', 'migration', 'seed')) NOT VALID;
--> statement-breakpoint
-- SLE per 1 USD; null (no rate) passes, as a domain's CHECK passes a null.
ALTER DOMAIN exchange_rate ADD CONSTRAINT exchange_rate_check CHECK (VALUE > 0) NOT VALID;
--> statement-breakpoint
ALTER DOMAIN positive_money ADD CONSTRAINT positive_money_check CHECK (VALUE > 0) NOT VALID;
--> statement-breakpoint
ALTER DOMAIN posting_side ADD CONSTRAINT posting_side_check CHECK (VALUE IN ('credit', 'debit')) NOT VALID;
--> statement-breakpoint
ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_source_check, DROP CONSTRAINT journal_entries_fx_rate_check;
--> statement-breakpoint
ALTER TABLE transactions DROP CONSTRAINT transactions_amount_positive_check, DROP CONSTRAINT transactions_direction_check;
--> statement-breakpoint
-- Retyping a column drops its statistics.
ANALYZE journal_entries;
--> statement-breakpoint
ANALYZE transactions;
--> statement-breakpoint
-- Each line of an entry, customer or GL, signed debit-positive with its currency (as migration 0027).
CREATE VIEW journal_lines AS
  SELECT g.id, g.entry_id, 'gl'::text AS kind, g.gl_code, NULL::bigint AS account_id, g.currency, g.side, g.amount
  FROM gl_lines g
  UNION ALL
  SELECT t.id, t.entry_id, 'customer'::text, a.ledger_code, t.account_id, a.currency, t.direction, t.amount
  FROM transactions t JOIN accounts a ON a.id = t.account_id;

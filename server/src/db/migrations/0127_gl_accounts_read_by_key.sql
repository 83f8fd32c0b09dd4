-- gl_accounts is read by its key once a GL line: the line's foreign key checks its code. At about
-- ninety rows on two pages, the planner read the whole table for each check (every row's code
-- compared), about 15 µs a check against 4 µs through the primary key; an end-of-day auto-debit
-- chunk makes two GL lines a loan collected. Spread over more pages (a tenth of each page used; the
-- chart is small, so the table stays about a hundred kilobytes), the planner reads it by key.
-- CLUSTER rewrites the table now (inside this transaction, unlike VACUUM FULL); later rows follow
-- the fillfactor as they come.
ALTER TABLE gl_accounts SET (fillfactor = 10);
--> statement-breakpoint
CLUSTER gl_accounts USING gl_accounts_pkey;
--> statement-breakpoint
ANALYZE gl_accounts;

-- No change to the database. Security, the ledger, roles, storage, customers, deposits, payments,
-- end of day and realtime were built in parallel, each generating its migrations from the same
-- parent snapshot; this entry's snapshot (meta/0028_snapshot.json) is the whole schema as
-- merged, so the next `npm run db:generate` diffs against the truth instead of one branch's view.
SELECT 1;

-- The day's loan snapshot is kept by its key, never by a join the planner may turn around. Every night
-- end of day writes loan_daily_status rows for a business date the table's statistics have never
-- seen, so the planner expects none for it; a join to "the rows of today" could then be planned from
-- today's rows outward and, as the step adds twenty thousand a chunk, read all of them for each loan
-- a statement moved. Measured at 1,000,000 customers and 200,000 loans: classification took 173 to
-- 336 s until autoanalyze caught up, against 9 to 13 s once it had. Now the loans whose suspense or
-- provision moved are collected first (none, on most statements: it returns at once), and their
-- rows are updated through the primary key (business date, loan id) with both columns as the
-- index condition.
CREATE OR REPLACE FUNCTION loan_daily_status_reserves_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved integer[];
BEGIN
  SELECT array_agg(n.id) INTO moved
    FROM changed_new n JOIN changed_old o ON o.id = n.id
   WHERE (n.interest_in_suspense, n.penalty_in_suspense, n.provision_held)
         IS DISTINCT FROM (o.interest_in_suspense, o.penalty_in_suspense, o.provision_held);
  IF moved IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE loan_daily_status s
     SET interest_in_suspense = l.interest_in_suspense,
         penalty_in_suspense = l.penalty_in_suspense,
         provision_held = l.provision_held
    FROM loans l
   WHERE s.business_date = current_business_date() AND s.loan_id = ANY (moved) AND l.id = s.loan_id;
  RETURN NULL;
END $$;

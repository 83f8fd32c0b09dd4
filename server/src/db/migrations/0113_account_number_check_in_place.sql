-- The accounts' CHECK on the account number called account_number_valid(), a SQL function.
-- PostgreSQL prepares a table's CHECK expressions afresh for every statement that writes the table,
-- and preparing this one parsed and analysed the function's body each time (inlining happens during
-- that preparation, so it saves the call, not the parse): on every single-row update of an account,
-- two per transfer. The constraint now states the same rule in place, under the same name, so a
-- refusal reads as before; account_number_valid() stays for the code that calls it, and a test holds
-- the two to the same answers.
--
-- Measured on a 10,000-customer bench database, 3,000 single-row balance updates in a PL/pgSQL loop
-- (rolled back), four interleaved rounds: 281, 266, 267, 304 µs an update with the function, 220,
-- 241, 246, 254 µs with the rule in place (the machine was busy: the same update costs a fraction of
-- that on a quiet one; the difference is what matters).

ALTER TABLE accounts
  DROP CONSTRAINT accounts_number_check,
  ADD CONSTRAINT accounts_number_check
    CHECK (CASE WHEN account_number ~ '^[0-9]{13}$' THEN account_number::bigint % 97 = 1 ELSE false END);

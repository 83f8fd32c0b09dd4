-- A transfer between two accounts of one currency in one round trip (ADR 0085). The caller knows
-- the account numbers, not the ids: it read the pair first (one statement) and then called
-- ledger_post_entry (a second). Each round trip costs the client, the server and a backend a wake-up,
-- about as much CPU as the statement it carries on this machine. This function resolves the numbers
-- and calls ledger_post_entry with the two customer lines and the audit row's lines as the caller
-- would have built them; nothing the posting checks or writes changes.
--
-- A number that names no account, or two accounts in different currencies (a transfer that needs a
-- rate), writes nothing and answers `refused`: the caller then takes its full path, which reads the
-- pair and refuses with the code and message it always did. So does a refusal of ledger_post_entry.
CREATE OR REPLACE FUNCTION ledger_post_transfer(p jsonb, pads text) RETURNS jsonb
    LANGUAGE plpgsql
    SET plan_cache_mode = force_generic_plan
    AS $$
DECLARE
  f record;
  t record;
BEGIN
  SELECT a.id, a.currency INTO f FROM accounts a WHERE a.account_number = p->>'from_account';
  SELECT a.id, a.currency INTO t FROM accounts a WHERE a.account_number = p->>'to_account';
  IF f.id IS NULL OR t.id IS NULL OR f.currency <> t.currency THEN
    RETURN jsonb_build_object('refused', true, 'accounts', '[]'::jsonb);
  END IF;
  RETURN ledger_post_entry(
    p - 'from_account' - 'to_account' - 'amount'
      || jsonb_build_object(
           'customer', jsonb_build_array(
             jsonb_build_object('account_id', f.id, 'side', 'debit', 'amount', p->'amount'),
             jsonb_build_object('account_id', t.id, 'side', 'credit', 'amount', p->'amount')),
           -- The audit row names the lines as postEntry does: {accountId, side, amount}.
           'audit', jsonb_set(p->'audit', '{details,lines}', jsonb_build_array(
             jsonb_build_object('accountId', f.id, 'side', 'debit', 'amount', p->'amount'),
             jsonb_build_object('accountId', t.id, 'side', 'credit', 'amount', p->'amount')))),
    pads);
END;
$$;

-- The loan 360 live (ADR 0061): a repayment by any channel (teller, transfer, settlement, the
-- end-of-day auto-debit) tells /realtime/v1, which checks each subscriber's loans.read and branch
-- before delivery. Repayments are never updated or deleted, so inserts are enough.
CREATE TRIGGER loan_repayments_realtime AFTER INSERT ON loan_repayments
  FOR EACH ROW EXECUTE FUNCTION realtime_notify('loan_repayments', 'id');

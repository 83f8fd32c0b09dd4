import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { WithdrawalCheck } from './withdrawal-check';
import {
  approvalSubjectText,
  CUSTOMER_ACTION_LABELS,
  customerHref,
  type Approval,
  type CustomerAction,
} from '@bankmanager/contracts';

const field = (v: unknown, key: string): unknown =>
  v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;

/**
 * What a request is about, readably: a customer's request links to the customer 360 page and says the
 * lifecycle action and its reason (checkers decide on those, not on raw JSON).
 */
export function ApprovalSubject({ approval: a }: { approval: Approval & { subjectName?: string } }) {
  const payment = paymentSubject(a);
  if (payment) return payment;
  if (TELLER_SUBJECTS.has(a.subjectType)) return <TellerSubject approval={a} />;
  if (a.subjectType === 'loan_product') return <LoanProductSubject approval={a} />;
  if (LOAN_SUBJECTS.has(a.subjectType) && /^\d+$/.test(a.subjectId)) return <LoanSubject approval={a} />;
  // The server names the subject ("Staff member Aminata Conteh", "End of day for 30 Nov 2026").
  const name = a.subjectName ?? approvalSubjectText(a.subjectType, a.subjectId, null);
  if (a.subjectType !== 'customer' || !/^\d+$/.test(a.subjectId))
    return <span className="break-words">{name}</span>;
  const action = field(a.command, 'action') ?? field(a.after, 'action');
  const reason = field(a.command, 'reason') ?? field(a.after, 'reason');
  return (
    <div className="grid gap-1">
      <Link className="underline" to={customerHref(Number(a.subjectId))}>
        {name}
      </Link>
      {typeof action === 'string' && action in CUSTOMER_ACTION_LABELS ? (
        <span>{CUSTOMER_ACTION_LABELS[action as CustomerAction]}</span>
      ) : null}
      {typeof reason === 'string' ? (
        <span className="text-muted-foreground text-xs">Reason: {reason}</span>
      ) : null}
    </div>
  );
}

/** Requests about one loan: a write-off, a manual downgrade, a restructuring. */
const LOAN_SUBJECTS = new Set(['loan', 'loan_write_off']);

/** A loan's request links to the loan 360 (its grading, book and schedule) and says why. */
function LoanSubject({ approval: a }: { approval: Approval & { subjectName?: string } }) {
  const reason = field(a.command, 'reason');
  return (
    <div className="grid gap-1">
      <Link className="underline" to={`${paths.loanManager}?id=${a.subjectId}`}>
        {a.subjectName ?? approvalSubjectText(a.subjectType, a.subjectId, null)}
      </Link>
      {typeof reason === 'string' ? (
        <span className="text-muted-foreground text-xs">Reason: {reason}</span>
      ) : null}
    </div>
  );
}

/** A loan product's request links to the product (its versions) when it exists, and says why. */
function LoanProductSubject({ approval: a }: { approval: Approval }) {
  const reason = field(a.command, 'reason');
  const isNew = field(a.command, 'kind') === 'create';
  return (
    <div className="grid gap-1">
      {isNew ? (
        <span>{`New loan product ${a.subjectId}`}</span>
      ) : (
        <Link
          className="underline"
          to={`${paths.loanAdministration}?code=${encodeURIComponent(a.subjectId)}`}
        >
          {`Loan product ${a.subjectId}`}
        </Link>
      )}
      {typeof reason === 'string' ? (
        <span className="text-muted-foreground text-xs">Reason: {reason}</span>
      ) : null}
    </div>
  );
}

/**
 * Payments' requests link to what they are about: a journal entry (reversal, with its
 * reason), a salary batch's report, an account's enquiry (a transfer).
 */
function paymentSubject(a: Approval & { subjectName?: string }) {
  const reason = field(a.command, 'reason');
  if (a.subjectType === 'journal_entry' && /^\d+$/.test(a.subjectId))
    return (
      <div className="grid gap-1">
        <Link className="underline" to={`${paths.generalLedger}?tab=journal&entry=${a.subjectId}`}>
          {`Journal entry ${a.subjectId}`}
        </Link>
        {typeof reason === 'string' ? (
          <span className="text-muted-foreground text-xs">Reason: {reason}</span>
        ) : null}
      </div>
    );
  if (a.subjectType === 'salary_batch')
    return (
      <Link className="underline" to={`${paths.salaryImport}?batch=${a.subjectId}`}>
        {`Salary batch ${a.subjectId}`}
      </Link>
    );
  if (a.subjectType === 'account' && /^\d{13}$/.test(a.subjectId))
    return (
      <Link className="underline" to={`${paths.accountEnquiry}?account=${a.subjectId}`}>
        {a.subjectName ?? `Account ${a.subjectId}`}
      </Link>
    );
  return null;
}

/** The teller's requests: a withdrawal, a vault transfer or a till count, in plain words. */
const TELLER_SUBJECTS = new Set(['teller_transaction', 'till_vault_transfer', 'till_session']);
const TELLER_FIELDS: Record<string, string> = {
  account: 'Account',
  holder: 'Holder',
  bearer: 'Paid to',
  till: 'Till',
  direction: 'Direction',
  expected: 'Till should hold',
  counted: 'Counted',
  difference: 'Difference',
};

function TellerSubject({ approval: a }: { approval: Approval }) {
  const fields = (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs">
      {Object.entries(TELLER_FIELDS).map(([key, label]) => {
        const v = field(a.after, key);
        return typeof v === 'string' ? (
          <div key={key} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd>{v}</dd>
          </div>
        ) : null;
      })}
    </dl>
  );
  // A withdrawal still to decide: the checker compares the holder and the balance first.
  if (a.type !== 'teller.withdrawal' || a.status !== 'pending') return fields;
  return (
    <div className="grid gap-2">
      {fields}
      <WithdrawalCheck transactionId={a.subjectId} />
    </div>
  );
}

import { formatAmount, formatDate, LOAN_CLASS_LABELS, type LoanBook } from '@bankmanager/contracts';
import { useLoanBook } from '../api/get-loan-book';
import { SimpleTable } from './simple-table';

function Facts({ b, money }: { b: LoanBook; money: (v: string) => string }) {
  const facts: [string, string][] = [
    ['Class', `${b.loanClassLabel}${b.performing ? '' : ' (non-performing)'}`],
    ['Days past due', String(b.daysPastDue)],
    ['Interest receivable', money(b.interestReceivable)],
    // Held out of income until collected: what an auditor reconciles to GL 1428.
    ['Of it, interest in suspense', money(b.interestInSuspense)],
    ['Penalties receivable', money(b.penaltyReceivable)],
    ['Of them, penalties in suspense', money(b.penaltyInSuspense)],
    ['Interest accrued through', b.accruedThrough ? formatDate(b.accruedThrough) : 'Not yet accrued'],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
      {facts.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted-foreground">{k}</dt>
          <dd className="break-words">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The loan 360's Book tab: the loan as the last end of day left it — class, days past due, interest
 * and penalties receivable with the parts held in suspense (ADR 0064), every penalty charged (one
 * per overdue instalment) and the last days in the book.
 */
export function LoanBookTab({ id, currency }: { id: number; currency: string }) {
  const book = useLoanBook(id);
  if (book.isPending) return <p role="status">Loading the loan’s book…</p>;
  if (book.isError)
    return (
      <p role="alert" className="text-destructive">
        {book.error.message}
      </p>
    );
  const b = book.data;
  const money = (v: string) => `${currency === 'SLE' ? 'Le' : currency} ${formatAmount(v)}`;
  return (
    <div className="space-y-4">
      <Facts b={b} money={money} />
      <SimpleTable
        caption="Late-payment penalties charged (newest first)"
        empty="Late-payment penalties charged (newest first): none."
        heads={['Instalment', 'Charged on', 'Amount', 'Into']}
        rows={b.penalties.map((p) => [
          String(p.instalmentNumber),
          formatDate(p.businessDate),
          formatAmount(p.amount),
          p.suspended ? 'Suspense' : 'Income',
        ])}
      />
      <SimpleTable
        caption="The last days in the book (newest first)"
        empty="The last days in the book (newest first): none."
        heads={['Business date', 'Days past due', 'Class', 'Principal', 'Interest receivable', 'Overdue']}
        rows={b.history.map((h) => [
          formatDate(h.businessDate),
          String(h.daysPastDue),
          LOAN_CLASS_LABELS[h.loanClass],
          formatAmount(h.principalOutstanding),
          formatAmount(h.interestReceivable),
          formatAmount(h.overdueAmount),
        ])}
      />
    </div>
  );
}

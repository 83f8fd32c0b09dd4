import {
  LOAN_CLASS_LABELS,
  formatAmount,
  formatDate,
  fromCents,
  toCents,
  type LoanGrading,
  type ReplacedInstalment,
} from '@bankmanager/contracts';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useLoanGrading } from '../api/loan-grading';

/** What was paid of an instalment, all four parts, exactly. */
const paidOf = (i: ReplacedInstalment) =>
  fromCents([i.principalPaid, i.interestPaid, i.feePaid, i.penaltyPaid].reduce((s, x) => s + toCents(x), 0n));

/** What holds the loan's class and how far the cure is, in words. */
function holdText(g: LoanGrading): string {
  const holds = [
    g.manualClass ? `manually graded ${LOAN_CLASS_LABELS[g.manualClass]}` : null,
    g.restructured ? `restructured: held at ${LOAN_CLASS_LABELS.substandard} at least` : null,
  ].filter(Boolean);
  if (holds.length === 0) return 'No manual grade and not restructured: the class follows days past due.';
  return `The loan is ${holds.join(' and ')} until cured: ${g.curedPayments} of ${g.curePayments} instalments in a row paid in full by their due dates.`;
}

/**
 * The loan 360's Grading tab: the hold on its class with the cure's progress, and each restructuring
 * with the terms before and after and the instalments it replaced (kept as history).
 */
export function GradingPanel({ loanId }: { loanId: number }) {
  const g = useLoanGrading(loanId);
  if (g.isPending) return <p role="status">Loading the grading…</p>;
  if (g.isError)
    return (
      <p role="alert" className="text-destructive">
        {g.error.message}
      </p>
    );
  return (
    <div className="space-y-4">
      <p>{holdText(g.data)}</p>
      {g.data.restructurings.length === 0 ? (
        <p role="status">No restructurings.</p>
      ) : (
        g.data.restructurings.map((r) => (
          <section
            key={r.id}
            aria-label={`Restructuring ${r.id}`}
            className="space-y-2 rounded-md border p-3"
          >
            <p>
              From {formatDate(r.effectiveDate)}: rate {Number(r.oldRate)}% → {Number(r.newRate)}%,{' '}
              {r.newTerm} instalments repaying {formatAmount(r.principal)}
              {r.capitalisedArrears !== '0.00'
                ? ` (overdue principal capitalised ${formatAmount(r.capitalisedArrears)})`
                : ''}
              . Asked by {r.requestedBy}, approved by {r.approvedBy}. Reason: {r.reason}
            </p>
            <details>
              <summary className="cursor-pointer">The {r.replaced.length} instalments it replaced</summary>
              <div className="overflow-x-auto">
                <Table>
                  <TableCaption>Instalments as they stood before the restructuring</TableCaption>
                  <TableHeader>
                    <TableRow>
                      {['No.', 'Due', 'Principal', 'Interest', 'Fees', 'Paid'].map((h) => (
                        <TableHead key={h}>{h}</TableHead>
                      ))}
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {r.replaced.map((i) => (
                      <TableRow key={i.instalmentNumber}>
                        <TableCell>{i.instalmentNumber}</TableCell>
                        <TableCell>{formatDate(i.dueDate)}</TableCell>
                        <TableCell>{formatAmount(i.principalDue)}</TableCell>
                        <TableCell>{formatAmount(i.interestDue)}</TableCell>
                        <TableCell>{formatAmount(i.feeDue)}</TableCell>
                        <TableCell>{formatAmount(paidOf(i))}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            </details>
          </section>
        ))
      )}
    </div>
  );
}

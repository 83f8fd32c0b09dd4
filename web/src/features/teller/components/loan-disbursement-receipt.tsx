import { useMemo, useRef } from 'react';
import { formatDate, formatDateTime, type LoanCashDisbursement } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { downloadReceipt } from '../api/download-receipt';
import { useFocusOnMount, useShortcuts } from '../lib/keyboard';
import { ShortcutBar } from './kbd';
import { moneyRows } from './loan-disbursement-form';
import { TermGrid } from './term-grid';

/**
 * The receipt of a loan paid out in cash, on screen and printed (P), or as the PDF the till's
 * receipts share: the loan, the customer, gross, fees and net, who received it, the teller and branch.
 */
export function LoanDisbursementReceipt({ r, onHome }: { r: LoanCashDisbursement; onHome: () => void }) {
  const first = useRef<HTMLButtonElement | null>(null);
  useFocusOnMount(first);
  const keys = useMemo(() => ({ p: () => window.print(), escape: onHome }), [onHome]);
  useShortcuts(keys);
  const rows: [string, string][] = [
    ['Loan account', r.loanAccount],
    ['Customer', `${r.customerName} (${r.custId})`],
    ['Product', r.product],
    ...moneyRows(r),
    ['Paid to', `${r.partyName} (ID ${r.partyIdNumber})`],
    ['First instalment due', formatDate(r.firstDueDate)],
    ['Reference', r.entryReference],
    ['Date', formatDateTime(r.postedAt)],
    ['Teller', `${r.tellerEmail} · till ${r.tillCode}`],
    ['Branch', `${r.branchName} (${r.branch})`],
  ];
  const pdf = () =>
    downloadReceipt(r.entryId).catch((err: unknown) =>
      toast({
        title: 'Error',
        description: err instanceof Error ? err.message : 'Download failed',
        variant: 'destructive',
      }),
    );
  return (
    <section
      aria-label="Loan disbursement receipt"
      className="grid gap-3 rounded-lg border p-4 print:mx-auto print:max-w-[80mm] print:border-0 print:p-0"
    >
      <p role="status" className="font-medium print:hidden">
        Loan paid out.
      </p>
      <h2 className="text-xl font-semibold">Loan disbursement receipt</h2>
      <TermGrid rows={rows} />
      <p className="hidden pt-6 print:block">Customer’s signature ______________________</p>
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button ref={first} onClick={() => window.print()}>
          Print receipt (P)
        </Button>
        <Button variant="outline" onClick={() => void pdf()}>
          Receipt PDF
        </Button>
        <Button variant="ghost" onClick={onHome}>
          Back (Esc)
        </Button>
      </div>
      <ShortcutBar
        items={[
          ['P', 'print'],
          ['Esc', 'back to the counter'],
        ]}
      />
    </section>
  );
}

import { formatCurrency, formatDate, formatDateTime, type TellerTransaction } from '@bankmanager/contracts';

/**
 * The cash receipt as printed (print stylesheet: only this prints, on a narrow slip) and as shown after
 * posting. The PDF (`GET /api/journal-entries/:id/receipt.pdf`) carries the same.
 */
export function Receipt({ t }: { t: TellerTransaction }) {
  const title = t.kind === 'deposit' ? 'Cash deposit receipt' : 'Cash withdrawal receipt';
  return (
    <section
      aria-label={title}
      className="grid gap-1 rounded-lg border p-4 text-sm print:mx-auto print:max-w-[80mm] print:border-0 print:p-0 print:text-[11pt]"
    >
      <p className="hidden text-base font-semibold print:block">BankManager Bank</p>
      <p>
        {t.branchName} ({t.branch})
      </p>
      <p className="font-semibold">{title}</p>
      <p>
        Reference: <span className="font-mono">{t.entryReference ?? t.reference}</span>
      </p>
      {/* The business date the cash is booked on, and when it was taken at the counter. */}
      <p>Business date: {formatDate(t.businessDate)}</p>
      <p>Time: {formatDateTime(t.postedAt ?? t.createdAt)}</p>
      <p>
        Account: <span className="font-mono">{t.accountNumber}</span> — {t.accountName}
      </p>
      <p>
        {t.kind === 'deposit' ? 'Deposited by' : 'Paid to'}: {t.partyName} (ID {t.partyIdNumber})
      </p>
      {t.narration ? <p>Narration: {t.narration}</p> : null}
      <p className="mt-2 font-mono text-xl font-semibold tabular-nums">
        {formatCurrency(t.amount, t.currency)}
      </p>
      <p className="italic">{t.amountInWords}</p>
      <p className="mt-2">Teller: {t.tellerName}</p>
      <p className="hidden pt-6 print:block">Customer’s signature ______________________</p>
    </section>
  );
}

import { useState } from 'react';
import { formatAmount, formatDate, isoDateSchema, type LoanDetail } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { usePayoffQuote } from '../api/repay-loan';
import { SettleLoan } from './settle-loan';

/**
 * The payoff quote for a date the customer names (the business date or later): what settles the
 * loan that day, part by part, as the server works it out (ADR 0046).
 */
export function PayoffQuote({ loan: l, onClose }: { loan: LoanDetail; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  // Empty: the business date (the server's default).
  const [asked, setAsked] = useState('');
  const [error, setError] = useState<string | undefined>();
  const quote = usePayoffQuote(l.id, asked);
  const q = quote.data;
  return (
    <section aria-labelledby="payoff-heading" className="grid gap-3 rounded-lg border p-4">
      <h3 id="payoff-heading" className="text-lg font-semibold">
        Payoff quote
      </h3>
      <form
        noValidate
        aria-label="Payoff date"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const date = typed.trim();
          const ok = date === '' ? null : isoDateSchema.safeParse(date);
          setError(ok && !ok.success ? ok.error.issues[0]?.message : undefined);
          if (!ok || ok.success) setAsked(date);
        }}
      >
        <FormField
          id="payoff-date"
          label="Settlement date (YYYY-MM-DD; empty for today)"
          autoComplete="off"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          error={error}
        />
        <Button type="submit" variant="outline">
          Quote
        </Button>
        <Button type="button" variant="outline" onClick={onClose}>
          Close
        </Button>
      </form>
      {quote.isError ? (
        <p role="alert" className="text-destructive">
          {quote.error.message}
        </p>
      ) : null}
      {q ? (
        <dl
          aria-label={`Payoff on ${formatDate(q.asOf)}`}
          className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3"
        >
          {(
            [
              ['Principal', q.principal],
              ['Interest due', q.interestDue],
              [`Interest accrued (${q.days} days from ${formatDate(q.accruedFrom)})`, q.interestAccrued],
              ['Fees', q.fees],
              ['Penalties', q.penalties],
              [`Total on ${formatDate(q.asOf)}`, q.total],
            ] as const
          ).map(([k, v]) => (
            <div key={k}>
              <dt className="text-muted-foreground">{k}</dt>
              <dd className="font-medium">{formatAmount(v)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {/* Settling pays today's quote: a quote for a later date is for the customer to plan with. */}
      {q && asked === '' ? <SettleLoan loan={l} quote={q} /> : null}
    </section>
  );
}

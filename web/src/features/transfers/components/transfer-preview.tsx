import {
  convertAmount,
  formatAccountNumber,
  formatCurrency,
  postingAmountSchema,
  type TransferAccount,
  type TransferQuote,
} from '@bankmanager/contracts';

const Party = ({ label, a }: { label: string; a: TransferAccount }) => (
  <div className="grid gap-0.5">
    <dt className="text-muted-foreground text-xs">{label}</dt>
    <dd>
      <span className="font-medium">{a.holder}</span>
      <span className="text-muted-foreground block text-sm">{`${formatAccountNumber(a.number)} · ${a.currency} · ${a.status} · branch ${a.branch}`}</span>
    </dd>
  </div>
);

/**
 * The preview, live as the amount is typed: who pays and who receives, the day's rate that applies,
 * and what the payee gets — converted with the same function the server posts with, so the figure
 * shown is the figure posted.
 */
export function TransferPreview({
  quote,
  amount,
  rate,
}: {
  quote: TransferQuote;
  amount: string;
  rate?: string;
}) {
  const cross = quote.from.currency !== quote.to.currency;
  const applied = rate?.trim() || quote.rate;
  const valid = postingAmountSchema.safeParse(amount.trim()).success;
  const credited =
    !valid || (cross && !applied)
      ? null
      : convertAmount(amount.trim(), applied ?? '1', quote.from.currency, quote.to.currency);
  return (
    <section
      aria-labelledby="preview-heading"
      className="grid gap-3 rounded-md border p-4"
      aria-live="polite"
    >
      <h2 id="preview-heading" className="text-lg font-semibold">
        Preview
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Party label="From" a={quote.from} />
        <Party label="To" a={quote.to} />
      </dl>
      {cross ? (
        quote.rate_missing && !rate?.trim() ? (
          <p role="alert" className="text-destructive text-sm">
            {`No USD rate has been entered for ${quote.business_date}: Treasury enters it under Treasury → Exchange Rates.`}
          </p>
        ) : (
          <p className="text-sm" data-testid="transfer-rate">
            {rate?.trim() && rate.trim() !== quote.rate
              ? `Agreed rate ${rate.trim()} Leones per 1 USD (the day’s ${quote.rate_kind} rate is ${quote.rate ?? 'not entered'})`
              : `The day’s ${quote.rate_kind} rate for ${quote.business_date}: ${quote.rate} Leones per 1 USD`}
          </p>
        )
      ) : null}
      {credited ? (
        <p className="text-base" data-testid="transfer-credited">
          {`${formatCurrency(amount.trim(), quote.from.currency)} from the payer; the payee receives `}
          <strong>{formatCurrency(credited, quote.to.currency)}</strong>
        </p>
      ) : null}
    </section>
  );
}

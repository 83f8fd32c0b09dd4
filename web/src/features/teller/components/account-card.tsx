import { formatCurrency, formatDate, type AccountManageView } from '@bankmanager/contracts';
import { HolderVerification } from '@/components/customer/holder-verification';
import { AccountStatusBadge } from '@/components/accounts/account-status-badge';

/**
 * The account at the counter: holder, status, balances and holds, and the holder's photo and current
 * specimen signature to compare with the person in front of the teller.
 */
export function AccountCard({ account: a }: { account: AccountManageView }) {
  const active = a.holds.filter((h) => h.releasedAt === null);
  return (
    <section aria-label="Account at the counter" className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <p className="text-lg font-semibold">{a.accountName}</p>
          <p className="text-muted-foreground font-mono text-sm">
            {a.accountNumber} · {a.productName} · {a.currency}
          </p>
        </div>
        <AccountStatusBadge status={a.status} blockKind={a.blockKind} />
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">Balance</dt>
          <dd className="font-mono tabular-nums">{formatCurrency(a.balance, a.currency)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">On hold</dt>
          <dd className="font-mono tabular-nums">{formatCurrency(a.held, a.currency)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Available</dt>
          <dd className="font-mono font-semibold tabular-nums" data-testid="available-balance">
            {formatCurrency(a.available, a.currency)}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Branch</dt>
          <dd>{a.branch}</dd>
        </div>
      </dl>
      {active.length > 0 ? (
        <ul aria-label="Holds" className="text-sm">
          {active.map((h) => (
            <li key={h.id}>
              {formatCurrency(h.amount, a.currency)} held: {h.reason}
              {h.expiresOn ? ` (until ${formatDate(h.expiresOn)})` : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground text-sm">No holds.</p>
      )}
      <HolderVerification customerId={a.custId} />
    </section>
  );
}

import { formatCurrency, formatDateTime, type TillSessionDetail } from '@bankmanager/contracts';
import { Badge } from '@/components/ui/badge';

/**
 * The open till at a glance: which till, since when, what it started with and what went through it.
 * `blind` hides every figure while the teller counts, so the count cannot be steered towards what the
 * till should hold; the expected cash shows only after the count is sent, beside the difference.
 */
export function SessionSummary({
  session: s,
  blind = false,
}: {
  session: TillSessionDetail;
  blind?: boolean;
}) {
  const money = (v: string) => formatCurrency(v, s.currency);
  return (
    <section aria-label="Your till" className="grid gap-2 rounded-lg border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-lg font-semibold">
          Till {s.tillCode} · {s.currency} · branch {s.branch}
        </p>
        <Badge variant={s.status === 'open' ? 'default' : 'warning'}>
          {s.status === 'closing' ? 'Counted: awaiting sign-off' : s.status}
        </Badge>
      </div>
      <p className="text-muted-foreground text-sm">Opened {formatDateTime(s.openedAt)}</p>
      {blind ? (
        <p className="text-muted-foreground text-sm">
          The till’s figures are hidden while you count: a blind count.
        </p>
      ) : (
        <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-muted-foreground">Opening allocation</dt>
            <dd className="font-mono tabular-nums">{money(s.openingAllocation)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Deposits</dt>
            <dd className="font-mono tabular-nums">
              {s.deposits.count} · {money(s.deposits.amount)}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Withdrawals</dt>
            <dd className="font-mono tabular-nums">
              {s.withdrawals.count} · {money(s.withdrawals.amount)}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Vault in / out</dt>
            <dd className="font-mono tabular-nums">
              {money(s.vaultIn)} / {money(s.vaultOut)}
            </dd>
          </div>
        </dl>
      )}
      {s.status === 'closing' ? (
        <p className="text-sm">
          You counted {money(s.counted ?? '0')}; the till should hold {money(s.expected ?? '0')} (difference{' '}
          {money(s.difference ?? '0')}). A supervisor signs the difference off in the approvals inbox.
        </p>
      ) : null}
    </section>
  );
}

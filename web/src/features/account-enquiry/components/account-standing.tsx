import { useState } from 'react';
import { accountActionButtonLabel, formatCurrency, type AccountAction } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { useAccountStanding } from '../api/get-account-standing';
import { StatusActionDialog } from '@/components/accounts/status-action-dialog';

/**
 * What may be taken out (balance less holds, plus overdraft), the holds, and the status actions the
 * server offers this user — none when they lack the permissions.
 */
export function AccountStanding({ number }: { number: string }) {
  const standing = useAccountStanding(number);
  const [action, setAction] = useState<AccountAction | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  // Older accounts or users without access to the manage view: the details above still stand.
  if (standing.isError) return null;
  if (!standing.data) return <p role="status">Loading holds…</p>;
  const s = standing.data;
  const m = (v: string) => formatCurrency(v, s.currency);
  const active = s.holds.filter((h) => !h.releasedAt);
  return (
    <section aria-labelledby="standing-title" className="grid gap-3">
      <h2 id="standing-title" className="font-semibold">
        Available balance and holds
      </h2>
      <dl className="grid gap-x-8 gap-y-2 text-sm sm:grid-cols-3">
        {(
          [
            ['Available Balance', m(s.available)],
            ['Held', m(s.held)],
            ['Overdraft Limit', m(s.overdraftLimit)],
          ] as const
        ).map(([k, v]) => (
          <div key={k}>
            <dt className="text-muted-foreground">{k}</dt>
            <dd className="font-mono font-medium tabular-nums">{v}</dd>
          </div>
        ))}
      </dl>
      {active.length ? (
        <ul className="grid gap-1 text-sm" aria-label="Holds">
          {active.map((h) => (
            <li key={h.id}>
              {m(h.amount)}: {h.reason} ({h.expiresOn ? `until ${h.expiresOn}` : 'until released'}, placed by{' '}
              {h.placedBy})
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground text-sm">No holds on this account.</p>
      )}
      {s.actions.length ? (
        <div className="flex flex-wrap gap-2 print:hidden" role="group" aria-label="Account actions">
          {s.actions.map((a) => (
            <Button key={a} variant="outline" onClick={() => setAction(a)}>
              {accountActionButtonLabel(a)}
            </Button>
          ))}
        </div>
      ) : null}
      {outcome ? <p role="status">{outcome}</p> : null}
      {action ? (
        <StatusActionDialog
          number={number}
          action={action}
          refreshes={['account-enquiry', 'standing', number]}
          description="Give the reason; it is kept in the audit trail."
          payoutQuestion="optional-number"
          onCancel={() => setAction(null)}
          onDone={(t) => {
            setAction(null);
            setOutcome(t);
          }}
        />
      ) : null}
    </section>
  );
}

import { useState } from 'react';
import {
  accountActionButtonLabel,
  formatAccountNumber,
  formatCurrency,
  type AccountAction,
  type AccountManageView,
} from '@bankmanager/contracts';
import { AlsoViewing } from '@/components/also-viewing';
import { Button } from '@/components/ui/button';
import { usePermissions } from '@/lib/permissions';
import { useAccountManage } from '../api/get-account-manage';
import { errorText } from '../lib/server-errors';
import { ACCOUNTS_QUERY_KEY } from '../api/invalidate';
import { StatusActionDialog } from '@/components/accounts/status-action-dialog';
import { HoldForm } from './hold-form';
import { HoldsList } from './holds-list';
import { AccountStatusBadge } from '@/components/accounts/account-status-badge';

function Figures({ view }: { view: AccountManageView }) {
  const m = (v: string) => formatCurrency(v, view.currency);
  const rows: [string, string][] = [
    ['Balance', m(view.balance)],
    ['Held', m(view.held)],
    [
      'Overdraft limit',
      `${m(view.overdraftLimit)}${view.overdraftExpiresOn ? ` until ${view.overdraftExpiresOn}` : ''}`,
    ],
    ['Available balance', m(view.available)],
    ['Rate in force', `${view.rateInForce}%`],
    ['Accrued interest', m(view.accruedInterest)],
  ];
  if (view.maturityDate) rows.push(['Matures on', view.maturityDate]);
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt className="text-muted-foreground">{k}</dt>
          <dd className="font-mono tabular-nums">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One account as the managers and controls see it: status, balances, holds and the actions the server
 * says this user may take now (`actions`); `only` narrows them (the control screens show blocks only).
 */
export function AccountPanel({
  number,
  only,
  holds = true,
}: {
  number: string;
  only?: readonly AccountAction[];
  holds?: boolean;
}) {
  const view = useAccountManage(number);
  const { can } = usePermissions();
  const [action, setAction] = useState<AccountAction | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  if (view.isPending) return <p role="status">Loading account…</p>;
  if (view.isError)
    return (
      <p role="alert" className="text-destructive">
        {errorText(view.error)}
      </p>
    );
  const v = view.data;
  const actions = v.actions.filter((a) => !only || only.includes(a));
  // Holds need the block permission; closed accounts take none.
  const holdsOpen = holds && can('accounts.block') && v.status !== 'Closed' && v.status !== 'Rejected';
  return (
    <section aria-labelledby="account-panel-title" className="bg-card grid gap-4 rounded-lg border p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="account-panel-title" className="text-lg font-semibold">
          {v.accountName} <span className="font-mono">{formatAccountNumber(v.accountNumber)}</span>
        </h2>
        <AccountStatusBadge status={v.status} blockKind={v.blockKind} />
        <span className="text-muted-foreground text-sm">
          {v.productName} · branch {v.branch}
          {v.pendingApprovals ? ` · ${v.pendingApprovals} request(s) awaiting approval` : ''}
        </span>
      </div>
      <AlsoViewing topic={`account:${v.accountNumber}`} />
      <Figures view={v} />
      {actions.length ? (
        <div className="flex flex-wrap gap-2" role="group" aria-label="Account actions">
          {actions.map((a) => (
            <Button key={a} variant={a === 'close' ? 'destructive' : 'outline'} onClick={() => setAction(a)}>
              {accountActionButtonLabel(a)}
            </Button>
          ))}
        </div>
      ) : null}
      {outcome ? <p role="status">{outcome}</p> : null}
      {action ? (
        <StatusActionDialog
          number={v.accountNumber}
          action={action}
          refreshes={ACCOUNTS_QUERY_KEY}
          onCancel={() => setAction(null)}
          onDone={(text) => {
            setAction(null);
            setOutcome(text);
          }}
        />
      ) : null}
      {holds ? (
        <div className="grid gap-3">
          <h3 className="font-medium">Holds</h3>
          <HoldsList number={v.accountNumber} holds={v.holds} currency={v.currency} canRelease={holdsOpen} />
          {holdsOpen ? <HoldForm number={v.accountNumber} /> : null}
        </div>
      ) : null}
    </section>
  );
}

import { useSearchParams } from 'react-router';
import type { AccountAction } from '@bankmanager/contracts';
import { AccountFinder } from '@/components/account-finder';
import { AccountPanel } from '../components/account-panel';
import { OverdraftForm } from '../components/overdraft-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

export type AccountTool = 'control' | 'holds' | 'overdraft';

const TOOLS: Record<
  AccountTool,
  { title: string; intro: string; only: readonly AccountAction[]; holds: boolean }
> = {
  control: {
    title: 'Account Control',
    intro:
      'Block an account for debits or for all postings, lift a block (a checker approves), place and release holds.',
    only: ['block_debit', 'block_total', 'unblock'],
    holds: true,
  },
  holds: {
    title: 'Block Amount',
    intro: 'Hold part of a balance so it cannot be withdrawn: the available balance drops by the hold.',
    only: [],
    holds: true,
  },
  overdraft: {
    title: 'Overdraft Limits',
    intro: 'Set a current account’s overdraft limit and its expiry. A checker approves each change.',
    only: [],
    holds: false,
  },
};

/** Find one account by number, then act on it: the control, block-amount and overdraft-limit screens. */
export function AccountToolRoute({ tool }: { tool: AccountTool }) {
  const [params, setParams] = useSearchParams();
  const number = params.get('account');
  const t = TOOLS[tool];
  useDocumentTitle(t.title);
  return (
    <main className="mx-auto grid w-full max-w-5xl gap-4 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">{t.title}</h1>
      <p className="text-muted-foreground text-sm">{t.intro}</p>
      {/* keyed: a new search starts the panel afresh (no previous account's figures) */}
      <AccountFinder initial={number ?? ''} onFind={(n) => setParams({ account: n })} />
      {number ? <AccountPanel key={number} number={number} only={t.only} holds={t.holds} /> : null}
      {number && tool === 'overdraft' ? <OverdraftForm key={`od-${number}`} number={number} /> : null}
    </main>
  );
}

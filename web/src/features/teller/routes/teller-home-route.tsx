import { useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import {
  formatCurrency,
  TELLER_TEXT,
  type LoanCashDisbursement,
  type LoanRepayment,
  type LoanRepaymentLookup,
  type TellerTransaction,
  type TillSessionDetail,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { useBranch } from '@/lib/branch';
import { usePermissions } from '@/lib/permissions';
import { useCurrentSession } from '../api/get-current-session';
import { CashForm, type CashKind } from '../components/cash-form';
import { CloseSessionForm } from '../components/close-session-form';
import { ShortcutBar } from '../components/kbd';
import { OpenSessionForm } from '../components/open-session-form';
import { CashResult } from '../components/cash-result';
import { LoanRepaymentForm, LoanRepaymentReceipt } from '../components/loan-repayment-form';
import { LoanDisbursementForm } from '../components/loan-disbursement-form';
import { LoanDisbursementReceipt } from '../components/loan-disbursement-receipt';
import { SessionJournal } from '../components/session-journal';
import { SessionSummary } from '../components/session-summary';
import { VaultTransferForm } from '../components/vault-transfer-form';
import { firstPayable, WaitingWithdrawals } from '../components/waiting-withdrawals';
import { useWaitingWithdrawals } from '../api/get-waiting-withdrawals';
import { useFocusOnMount, useShortcuts } from '../lib/keyboard';

type Mode =
  | { screen: 'home'; notice?: string }
  | { screen: CashKind }
  | { screen: 'vault' }
  | { screen: 'close' }
  | { screen: 'result'; t: TellerTransaction }
  | { screen: 'loan' }
  | { screen: 'loanResult'; r: LoanRepayment; loan: LoanRepaymentLookup }
  | { screen: 'disburse' }
  | { screen: 'disburseResult'; r: LoanCashDisbursement };

/**
 * Transaction → Teller → Teller Home: the counter. Without a till open, the opening form; with one,
 * deposits, withdrawals, loan repayments (with loans.repay), loan disbursements in cash, vault
 * transfers and the close, each by a single key.
 */
export function TellerHomeRoute() {
  const current = useCurrentSession();
  const { me, can } = usePermissions();
  const loans = can('loans.repay');
  const { branch } = useBranch();
  const [mode, setMode] = useState<Mode>({ screen: 'home' });
  const homeFirst = useRef<HTMLButtonElement | null>(null);
  const session = current.data?.session ?? null;
  const open = session?.status === 'open';
  const home = useCallback((notice?: string) => {
    setMode({ screen: 'home', notice });
    // Back at the counter, the keyboard starts at the first action.
    requestAnimationFrame(() => homeFirst.current?.focus());
  }, []);
  const keys = useMemo(
    () => ({
      d: () => setMode({ screen: 'deposit' }),
      w: () => setMode({ screen: 'withdrawal' }),
      v: () => setMode({ screen: 'vault' }),
      c: () => setMode({ screen: 'close' }),
      ...(loans ? { l: () => setMode({ screen: 'loan' }) } : {}),
      o: () => setMode({ screen: 'disburse' }),
    }),
    [loans],
  );
  useShortcuts(keys, open && mode.screen === 'home');

  return (
    <main className="mx-auto grid w-full max-w-5xl gap-4 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold print:hidden">Teller</h1>
      {current.isPending ? <p role="status">Loading your till…</p> : null}
      {current.isError ? <p role="alert">{current.error.message}</p> : null}
      {mode.screen === 'home' && mode.notice ? (
        <p role="status" className="rounded-md border p-3 text-sm print:hidden">
          {mode.notice}
        </p>
      ) : null}
      {current.isSuccess && !session ? <OpenSessionForm branch={branch ?? me?.homeBranch ?? null} /> : null}
      {session ? (
        <div className="grid gap-4 print:hidden">
          <SessionSummary session={session} blind={mode.screen === 'close'} />
          {open && mode.screen === 'home' ? (
            <HomeActions session={session} firstRef={homeFirst} onPick={setMode} loans={loans} />
          ) : null}
        </div>
      ) : null}
      {session && open ? (
        <>
          {mode.screen === 'deposit' || mode.screen === 'withdrawal' ? (
            <CashForm
              key={mode.screen}
              kind={mode.screen}
              currency={session.currency}
              onCancel={() => home()}
              onDone={(t) => setMode({ screen: 'result', t })}
            />
          ) : null}
          {mode.screen === 'loan' ? (
            <LoanRepaymentForm
              currency={session.currency}
              onCancel={() => home()}
              onDone={(r, loan) => setMode({ screen: 'loanResult', r, loan })}
            />
          ) : null}
          {mode.screen === 'loanResult' ? (
            <LoanRepaymentReceipt r={mode.r} loan={mode.loan} onHome={() => home()} />
          ) : null}
          {mode.screen === 'disburse' ? (
            <LoanDisbursementForm
              currency={session.currency}
              onCancel={() => home()}
              onDone={(r) => setMode({ screen: 'disburseResult', r })}
            />
          ) : null}
          {mode.screen === 'disburseResult' ? (
            <LoanDisbursementReceipt r={mode.r} onHome={() => home()} />
          ) : null}
          {mode.screen === 'vault' ? (
            <VaultTransferForm session={session} onDone={(m) => home(m || undefined)} />
          ) : null}
          {mode.screen === 'close' ? (
            <CloseSessionForm
              session={session}
              onDone={(a) =>
                home(
                  a === null
                    ? undefined
                    : a.approvalId && a.session.status === 'closing'
                      ? `Counted. The difference (${formatCurrency(a.session.difference ?? '0', a.session.currency)}) waits for a supervisor’s sign-off.`
                      : 'Till closed: your count agreed, and the cash went back to the vault.',
                )
              }
            />
          ) : null}
          {mode.screen === 'result' ? (
            <CashResult
              t={mode.t}
              onNew={(kind) => setMode({ screen: kind })}
              onHome={() =>
                home(mode.t.status === 'pending_approval' ? TELLER_TEXT.approvalNeeded : undefined)
              }
            />
          ) : null}
          {mode.screen === 'home' ? (
            <div className="grid gap-4 print:hidden">
              <WaitingWithdrawals onPaid={(t) => setMode({ screen: 'result', t })} />
              <SessionJournal sessionId={session.id} />
            </div>
          ) : null}
        </>
      ) : null}
    </main>
  );
}

function HomeActions({
  session,
  firstRef,
  onPick,
  loans,
}: {
  session: TillSessionDetail;
  firstRef: RefObject<HTMLButtonElement | null>;
  onPick: (m: Mode) => void;
  /** Loan repayments are offered to tellers who may take them (loans.repay). */
  loans: boolean;
}) {
  // The counter's first action has the keyboard, so D, W, O, V, C or Enter go straight on.
  useFocusOnMount(firstRef);
  // A (paying the oldest approved withdrawal) is offered while one waits; the list below acts on it.
  const payable = firstPayable(useWaitingWithdrawals().data);
  return (
    <div className="grid gap-2">
      <ShortcutBar
        items={[
          ['D', 'cash deposit'],
          ['W', 'cash withdrawal'],
          ...(loans ? ([['L', 'loan repayment']] as [string, string][]) : []),
          ['O', 'loan disbursement (cash out)'],
          ['V', 'vault transfer'],
          ['C', 'close the till'],
          ...(payable ? ([['A', 'pay the approved withdrawal']] as [string, string][]) : []),
        ]}
      />
      <div className="flex flex-wrap gap-2" aria-label={`Till ${session.tillCode} actions`}>
        <Button ref={firstRef} onClick={() => onPick({ screen: 'deposit' })}>
          Cash deposit (D)
        </Button>
        <Button onClick={() => onPick({ screen: 'withdrawal' })}>Cash withdrawal (W)</Button>
        {loans ? <Button onClick={() => onPick({ screen: 'loan' })}>Loan repayment (L)</Button> : null}
        <Button onClick={() => onPick({ screen: 'disburse' })}>Loan disbursement (O)</Button>
        <Button variant="outline" onClick={() => onPick({ screen: 'vault' })}>
          Vault transfer (V)
        </Button>
        <Button variant="outline" onClick={() => onPick({ screen: 'close' })}>
          Close the till (C)
        </Button>
      </div>
    </div>
  );
}

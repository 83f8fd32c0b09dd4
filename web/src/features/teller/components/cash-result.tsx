import { useEffect, useMemo, useRef } from 'react';
import { TELLER_TEXT, type TellerTransaction } from '@bankmanager/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { downloadReceipt } from '../api/download-receipt';
import { useShortcuts } from '../lib/keyboard';
import type { CashKind } from './cash-form';
import { ShortcutBar } from './kbd';
import { Receipt } from './receipt';

/**
 * What the teller sees after a cash transaction: the receipt to print (P) or save as PDF, or, for a
 * withdrawal over the limit, that it waits for a supervisor. N starts another, Esc goes back.
 */
export function CashResult({
  t,
  onNew,
  onHome,
}: {
  t: TellerTransaction;
  onNew: (kind: CashKind) => void;
  onHome: () => void;
}) {
  const first = useRef<HTMLButtonElement | null>(null);
  useEffect(() => first.current?.focus(), []);
  const posted = t.status === 'posted';
  // Shown for the counter's deposits and withdrawals (a loan repayment has its own result).
  const kind: CashKind = t.kind === 'withdrawal' ? 'withdrawal' : 'deposit';
  const keys = useMemo(
    () => ({
      ...(posted ? { p: () => window.print() } : {}),
      n: () => onNew(kind),
      escape: onHome,
    }),
    [posted, onNew, onHome, kind],
  );
  useShortcuts(keys);
  const pdf = () =>
    downloadReceipt(t.entryId!).catch((err: unknown) =>
      toast({
        title: 'Error',
        description: err instanceof Error ? err.message : 'Download failed',
        variant: 'destructive',
      }),
    );
  return (
    <section aria-label="Result" className="grid gap-3">
      {posted ? (
        <>
          <p role="status" className="font-medium print:hidden">
            {t.kind === 'deposit' ? 'Deposit posted.' : 'Withdrawal paid.'}{' '}
            {t.ctrFlag ? <Badge variant="warning">{TELLER_TEXT.ctrFlag}</Badge> : null}
          </p>
          <Receipt t={t} />
        </>
      ) : (
        <p role="status" className="rounded-md border p-3">
          {TELLER_TEXT.approvalNeeded} (request {t.approvalId})
        </p>
      )}
      <div className="flex flex-wrap gap-2 print:hidden">
        {posted ? (
          <>
            <Button ref={first} onClick={() => window.print()}>
              Print receipt (P)
            </Button>
            <Button variant="outline" onClick={() => void pdf()}>
              Receipt PDF
            </Button>
          </>
        ) : null}
        <Button ref={posted ? undefined : first} variant="outline" onClick={() => onNew(kind)}>
          New {kind} (N)
        </Button>
        <Button variant="ghost" onClick={onHome}>
          Back (Esc)
        </Button>
      </div>
      <ShortcutBar
        items={[
          ...(posted ? [['P', 'print'] as [string, string]] : []),
          ['N', `new ${t.kind}`],
          ['Esc', 'back'],
        ]}
      />
    </section>
  );
}

import { sql } from 'drizzle-orm';
import { ACCOUNT_OPENING_OUTCOMES, compareAmounts, minusAmount } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { type Approvals } from '../approvals/index.ts';
import { loadAccount, refuse } from './account-row.ts';
import { auditAccount } from './audit.ts';
import { closingJournal, payoutAccountFor } from './close.ts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { applyStatus, assertClosable, assertTransition, type StatusCommand } from './status.ts';

export interface OverdraftCommand {
  accountNumber: string;
  limit: string;
  expiresOn: string | null;
  reason: string;
}

const versionOf = async (tx: Database, number: string): Promise<string | null> => {
  const [r] = await queryRows<{ v: string }>(
    tx,
    sql`select status || coalesce(':' || block_kind, '') as v from accounts where account_number = ${number}`,
  );
  return r?.v ?? null;
};

/** The opening request ends: approved → Approved, rejected or withdrawn → Rejected (contracts' table). */
async function endOpening(
  tx: Database,
  number: string,
  to: 'Approved' | 'Rejected',
  audit: object,
  actor: Parameters<typeof auditAccount>[1],
) {
  const from = ACCOUNT_OPENING_OUTCOMES.approved.from;
  const moved = await queryRows<{ id: string }>(
    tx,
    sql`update accounts set status = ${to} where account_number = ${number} and status = ${from} returning id`,
  );
  if (moved.length === 0) throw refuse('transition_not_allowed', { action: 'open' });
  await auditAccount(tx, actor, 'account.status', number, { from, to, ...audit });
}

/** The account approval commands: opening, unblock and close, overdraft limits. */
export function registerAccountCommands(approvals: Approvals): void {
  // The inbox names an account's requests by its holder.
  approvals.nameSubjects(
    'account',
    ({ subjectId }) =>
      sql`(select c.name from accounts a join customers c on c.cust_id = a.cust_id where a.account_number = ${subjectId})`,
  );
  approvals.register({
    type: 'account.open',
    currentVersion: (tx, subject) => versionOf(tx, subject),
    execute: async (tx, command, ctx) => {
      const { accountNumber } = command as { accountNumber: string };
      await endOpening(
        tx,
        accountNumber,
        ACCOUNT_OPENING_OUTCOMES.approved.to,
        {
          approvalId: ctx.approvalId,
          approvedBy: ctx.checker.email,
        },
        ctx.maker,
      );
    },
    onEnded: async (tx, command, ctx) => {
      const { accountNumber } = command as { accountNumber: string };
      await endOpening(
        tx,
        accountNumber,
        ACCOUNT_OPENING_OUTCOMES.rejected.to,
        {
          approvalId: ctx.approvalId,
          outcome: ctx.outcome,
          by: ctx.by.email,
          reason: ctx.reason,
        },
        ctx.by,
      );
    },
  });

  approvals.register({
    type: 'account.status',
    currentVersion: (tx, subject) => versionOf(tx, subject),
    execute: async (tx, command, ctx) => {
      const c = command as StatusCommand;
      const a = await loadAccount(tx, c.accountNumber, true);
      assertTransition(a, c.action, await currentBusinessDate(tx));
      let extra = {};
      if (c.action === 'close') {
        // Checked again: a hold or another request may have arrived since the maker asked.
        await assertClosable(tx, a, ctx.approvalId);
        const payout = c.payoutAccount ? await payoutAccountFor(tx, a, c.payoutAccount) : null;
        extra = await closingJournal(tx, a, payout, ctx.maker, ctx.approvalId);
      }
      await applyStatus(tx, a, c.action, c.reason, ctx.maker, ctx, extra);
    },
  });

  approvals.register({
    type: 'account.overdraft',
    currentVersion: (tx, subject) => versionOf(tx, subject),
    execute: async (tx, command, ctx) => {
      const c = command as OverdraftCommand;
      const a = await loadAccount(tx, c.accountNumber, true);
      // A limit below what the account already uses would break accounts_balance_check: refuse it.
      if (compareAmounts(a.balance, minusAmount('0', c.limit)) < 0) throw refuse('insufficient_available');
      await tx.execute(
        sql`update accounts set overdraft_limit = ${c.limit}::numeric, overdraft_expires_on = ${c.expiresOn}::date
            where id = ${a.id}`,
      );
      await auditAccount(tx, ctx.maker, 'account.overdraft', a.accountNumber, {
        from: { limit: a.overdraftLimit, expiresOn: a.overdraftExpiresOn },
        to: { limit: c.limit, expiresOn: c.expiresOn },
        reason: c.reason,
        approvalId: ctx.approvalId,
        approvedBy: ctx.checker.email,
      });
    },
  });
}

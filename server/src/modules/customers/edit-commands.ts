import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { RISK_RATINGS } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { auditCustomer } from './audit.ts';
import { type Approvals, type ApprovalActor } from '../approvals/index.ts';
import { getCustomer } from './customer-row.ts';
import { applyRecord, checkEditDuplicates, mergedRecord } from './edit.ts';
import { businessDate } from './kyc.ts';
import { mergeCustomers, moveBranch } from './merge.ts';

const kycCommand = z.object({ custId: z.number().int(), changes: z.record(z.string(), z.unknown()) });
const riskCommand = z.object({
  custId: z.number().int(),
  rating: z.enum(RISK_RATINGS),
  reason: z.string(),
  eddNotes: z.string().nullable(),
  reviewOn: z.string().nullable(),
});
const mergeCommand = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('merge'),
    survivorId: z.number().int(),
    mergedId: z.number().int(),
    reason: z.string(),
  }),
  z.object({ kind: z.literal('branch'), custId: z.number().int(), branch: z.string(), reason: z.string() }),
]);

const version = async (tx: Database, id: string) =>
  (await getCustomer(tx, Number(id)).catch(() => undefined))?.version.toString() ?? 'deleted';

/** Sets (or, with the computed rating, keeps) Compliance's rating with its EDD, audited. */
async function overrideRisk(
  tx: Database,
  cmd: z.infer<typeof riskCommand>,
  maker: ApprovalActor,
  approvalId: string,
  checker: ApprovalActor,
) {
  const c = await getCustomer(tx, cmd.custId, true);
  await tx.execute(sql`update customers set risk_override = ${cmd.rating}, risk_override_reason = ${cmd.reason},
      edd_notes = coalesce(${cmd.eddNotes}, edd_notes), review_on = coalesce(${cmd.reviewOn}::date, review_on),
      version = version + 1, updated_at = now() where cust_id = ${cmd.custId}`);
  await auditCustomer(tx, maker, 'customer.risk_override', cmd.custId, {
    from: c.riskOverride ?? c.riskRating,
    to: cmd.rating,
    reason: cmd.reason,
    approvalId,
    approvedBy: checker.email,
  });
}

/** KYC edits, risk overrides, merges and branch moves: what the checker's approval runs. */
export function registerEditCommands(approvals: Approvals): void {
  approvals.register({
    type: 'customer.kyc_edit',
    currentVersion: version,
    async execute(tx, raw, { approvalId, maker, checker }) {
      const { custId, changes } = kycCommand.parse(raw);
      const c = await getCustomer(tx, custId, true);
      const keys = Object.keys(changes);
      const record = mergedRecord(c, changes, keys, await businessDate(tx));
      await checkEditDuplicates(tx, c, record, true);
      await applyRecord(tx, c, record, keys, maker, { approvalId, checker });
    },
  });
  approvals.register({
    type: 'customer.risk_override',
    currentVersion: version,
    async execute(tx, raw, { approvalId, maker, checker }) {
      await overrideRisk(tx, riskCommand.parse(raw), maker, approvalId, checker);
    },
  });
  approvals.register({
    type: 'customer.merge',
    currentVersion: version,
    async execute(tx, raw, { approvalId, maker, checker }) {
      const cmd = mergeCommand.parse(raw);
      const a = { approvalId, checker };
      if (cmd.kind === 'merge') await mergeCustomers(tx, cmd.survivorId, cmd.mergedId, cmd.reason, maker, a);
      else await moveBranch(tx, cmd.custId, cmd.branch, cmd.reason, maker, a);
    },
  });
}

import { sql } from 'drizzle-orm';
import { RETURNS_TEXT, returnsSignOffSchema } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { regulatoryReturnFilings } from '../../db/schema/regulatory-returns.ts';
import { conflict } from '../../lib/http-error.ts';
import { writeAudit } from '../audit/index.ts';
import { approvedBy, type ApprovalActor, type Approvals } from '../approvals/index.ts';
import { pdfBytes, returnsCsv, returnsPdf, returnsXlsx } from './export.ts';
import { prepareReturns, sha256 } from './prepare.ts';

export const RETURN_SIGN_OFF_APPROVAL = 'regulatory_return.sign_off';

/**
 * Files a month end's returns on the checker's approval: the figures recomputed in the approval's
 * transaction must be the ones the preparer saw (the engine compares the fingerprint first; a posting
 * back-dated into the month in between makes the request stale), and must reconcile. The snapshot,
 * its hash and the three downloads are stored once; a filed version is never changed, a later
 * sign-off of the same month is the next version.
 */
async function fileReturns(
  tx: Database,
  raw: unknown,
  ctx: { approvalId: string; maker: ApprovalActor; checker: ApprovalActor },
): Promise<void> {
  const cmd = returnsSignOffSchema.parse(raw);
  const prepared = await prepareReturns(tx, cmd.monthEnd);
  if (prepared.fingerprint !== cmd.fingerprint)
    throw conflict(RETURNS_TEXT.stale, { code: 'returns_changed' });
  if (!prepared.reconciled) throw conflict(RETURNS_TEXT.notReconciled, { code: 'not_reconciled' });
  // Versions of one month are numbered in turn; the lock keeps two sign-offs of it from taking one number.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('regulatory_return_filings'), hashtext(${cmd.monthEnd}))`,
  );
  const [n] = await queryRows<{ next: number }>(
    tx,
    sql`select coalesce(max(version), 0) + 1 as next from regulatory_return_filings where month_end = ${cmd.monthEnd}::date`,
  );
  const version = Number(n!.next);
  const snapshot = JSON.stringify(prepared);
  const stamp = {
    version,
    preparedBy: ctx.maker.email,
    approvedBy: ctx.checker.email,
    filedAt: new Date(),
    sha256: sha256(snapshot),
  };
  const [xlsx, pdf] = [await returnsXlsx(prepared, stamp), await pdfBytes(returnsPdf(prepared, stamp))];
  const [row] = await tx
    .insert(regulatoryReturnFilings)
    .values({
      monthEnd: cmd.monthEnd,
      version,
      snapshot,
      sha256: stamp.sha256,
      xlsx,
      pdf,
      csv: Buffer.from(returnsCsv(prepared, stamp), 'utf8'),
      preparedBy: stamp.preparedBy,
      approvedBy: stamp.approvedBy,
      approvalId: ctx.approvalId,
      filedAt: stamp.filedAt,
    })
    .returning({ id: regulatoryReturnFilings.id });
  await writeAudit(tx, {
    actorId: ctx.maker.id,
    actorEmail: ctx.maker.email,
    ip: ctx.maker.ip,
    action: 'regulatory_return.file',
    outcome: 'success',
    targetType: 'regulatory_return',
    targetId: String(row!.id),
    details: {
      ...approvedBy(ctx.approvalId, ctx.checker),
      monthEnd: cmd.monthEnd,
      version,
      sha256: stamp.sha256,
    },
  });
}

/** Registers the sign-off with the four-eyes engine; the subject's version is the figures' fingerprint. */
export function registerReturnCommands(approvals: Approvals): void {
  approvals.register({
    type: RETURN_SIGN_OFF_APPROVAL,
    currentVersion: async (tx, monthEnd) => (await prepareReturns(tx, monthEnd)).fingerprint,
    execute: (tx, raw, ctx) => fileReturns(tx, raw, ctx),
  });
}

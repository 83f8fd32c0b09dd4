import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { SANCTIONS_SOURCES, type SanctionsSource } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { conflict } from '../../lib/http-error.ts';
import { writeAudit } from '../audit/index.ts';
import { approvedBy, type Approvals } from '../approvals/index.ts';
import { activeVersionOf } from './list-import.ts';

export const SANCTIONS_IMPORT_APPROVAL = 'sanctions.list_import';

/** What a `sanctions.list_import` request stores: the staged version to put in force. */
export const listImportCommand = z.object({ source: z.enum(SANCTIONS_SOURCES), versionId: z.string() });
export type ListImportCommand = z.infer<typeof listImportCommand>;

/** Drops a version's indexed names: only versions in force (or awaiting a checker) are searched. */
const dropNames = (tx: Database, where: ReturnType<typeof sql>) =>
  tx.execute(
    sql`delete from sanctions_names n using sanctions_list_versions v where v.id = n.version_id and ${where}`,
  );

/**
 * The checker's half: the staged version goes in force and the one before is superseded. The engine
 * has refused the maker as checker and a request made while another version came in force (stale).
 * Customers are screened against it by end of day's re-screen, set-based, not in this transaction.
 */
async function putInForce(tx: Database, cmd: ListImportCommand, approvalId: string, checkerEmail: string) {
  const [v] = await queryRows<{ status: string; version: number }>(
    tx,
    sql`select status, version from sanctions_list_versions where id = ${cmd.versionId}::bigint for update`,
  );
  if (!v || v.status !== 'pending') throw conflict('This import is no longer awaiting approval.');
  await dropNames(tx, sql`v.source = ${cmd.source} and v.status = 'active'`);
  await tx.execute(sql`update sanctions_list_versions set status = 'superseded'
      where source = ${cmd.source} and status = 'active'`);
  await tx.execute(sql`update sanctions_list_versions set status = 'active', decided_by = ${checkerEmail},
      decided_at = now(), approval_id = ${approvalId}::uuid where id = ${cmd.versionId}::bigint`);
  return Number(v.version);
}

export function registerSanctionsCommands(approvals: Approvals): void {
  approvals.register({
    type: SANCTIONS_IMPORT_APPROVAL,
    currentVersion: (tx, source) => activeVersionOf(tx, source as SanctionsSource),
    async execute(tx, raw, { approvalId, maker, checker }) {
      const cmd = listImportCommand.parse(raw);
      const version = await putInForce(tx, cmd, approvalId, checker.email);
      await writeAudit(tx, {
        action: 'sanctions.list_import',
        outcome: 'success',
        actorId: maker.id,
        actorEmail: maker.email,
        ip: checker.ip,
        targetType: 'sanctions_list',
        targetId: cmd.source,
        details: { ...approvedBy(approvalId, checker), versionId: cmd.versionId, version },
      });
    },
    // A rejected or withdrawn import never comes in force: it is kept, marked, and no longer searched.
    async onEnded(tx, raw, { by, outcome }) {
      const cmd = listImportCommand.parse(raw);
      await tx.execute(sql`update sanctions_list_versions set status = 'rejected', decided_by = ${by.email},
          decided_at = now() where id = ${cmd.versionId}::bigint and status = 'pending'`);
      await dropNames(tx, sql`v.id = ${cmd.versionId}::bigint`);
      await writeAudit(tx, {
        action: 'sanctions.list_import',
        outcome: 'failure',
        actorId: by.id,
        actorEmail: by.email,
        ip: by.ip,
        targetType: 'sanctions_list',
        targetId: cmd.source,
        details: { versionId: cmd.versionId, ended: outcome },
      });
    },
  });
}

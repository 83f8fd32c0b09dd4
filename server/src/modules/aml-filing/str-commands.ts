import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { STR_TEXT } from '@bankmanager/contracts';
import { queryRows } from '../../db/rows.ts';
import { conflict } from '../../lib/http-error.ts';
import { writeAudit } from '../audit/index.ts';
import { approvedBy, type Approvals } from '../approvals/index.ts';
import { markCaseStrFiled } from './case-link.ts';
import { freezeStr, strXml } from './str-freeze.ts';
import { strReport } from './str.ts';

export const STR_APPROVAL = 'aml.str_file';
export const strFileCommand = z.object({ strId: z.uuid() });

/**
 * `aml.str_file`: the MLRO's approval freezes the STR (goAML XML and its hash stored), moves its case
 * to `str_filed`, and writes the audit row (the preparer as actor, the MLRO in the details). The engine
 * has refused the preparer as checker, superusers included. A rejection or withdrawal returns it to draft.
 */
export function registerStrCommands(
  approvals: Approvals,
  goaml: { schemaVersion: string; rentityId: string },
): void {
  approvals.register({
    type: STR_APPROVAL,
    currentVersion: async () => null,
    async execute(tx, raw, { approvalId, maker, checker }) {
      const { strId } = strFileCommand.parse(raw);
      const s = await strReport(tx, strId, true);
      if (s.status !== 'pending_approval' || s.approvalId !== approvalId) throw conflict(STR_TEXT.notDraft);
      const [now] = await queryRows<{ at: string }>(
        tx,
        sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at`,
      );
      const xml = await strXml(tx, s, { ...goaml, preparer: { email: s.preparedBy }, preparedAt: now!.at });
      await freezeStr(tx, s, xml, checker.email);
      // The MLRO's approval is what files the STR, so the case event names the MLRO.
      await markCaseStrFiled(tx, s.caseId, checker, s.reference);
      await writeAudit(tx, {
        action: 'aml.str.approve',
        outcome: 'success',
        actorId: maker.id,
        actorEmail: maker.email,
        ip: checker.ip,
        targetType: 'aml_str',
        targetId: strId,
        details: { ...approvedBy(approvalId, checker), reference: s.reference, caseId: s.caseId },
      });
    },
    async onEnded(tx, raw, { by, outcome }) {
      const { strId } = strFileCommand.parse(raw);
      await tx.execute(sql`update aml_str_reports set status = 'draft', approval_id = null
          where id = ${strId}::uuid and status = 'pending_approval'`);
      await writeAudit(tx, {
        action: 'aml.str.approve',
        outcome: 'failure',
        actorId: by.id,
        actorEmail: by.email,
        ip: by.ip,
        targetType: 'aml_str',
        targetId: strId,
        details: { ended: outcome },
      });
    },
  });
}

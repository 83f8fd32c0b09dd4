import { sql } from 'drizzle-orm';
import { AML_CASE_STATUS_LABELS, AML_CASE_TRANSITIONS, AML_TEXT } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { conflict } from '../../lib/http-error.ts';
import { addEvent, audit, lockedCase, type Actor } from './cases.ts';

/**
 * The STR filing's last step: an escalated case becomes `str_filed`, in the filing's transaction (the
 * STR module has checked `aml.str.file` and its own four-eyes). The only way a case reaches it.
 */
export async function markCaseStrFiled(tx: Database, caseId: string, by: Actor, strReference?: string) {
  const rule = AML_CASE_TRANSITIONS.file_str;
  const k = await lockedCase(tx, caseId);
  if (!rule.from.includes(k.status))
    throw conflict(AML_TEXT.notAllowedFrom(AML_CASE_STATUS_LABELS[k.status]), { code: 'not_allowed' });
  await tx.execute(sql`update aml_cases set status = ${rule.to}, version = version + 1, updated_at = now()
      where id = ${caseId}::uuid`);
  await addEvent(tx, caseId, by, {
    kind: 'transition',
    from: k.status,
    to: rule.to,
    text: strReference ?? null,
  });
  await audit(tx, by, rule.audit, caseId, {
    from: k.status,
    to: rule.to,
    strReference: strReference ?? null,
  });
}

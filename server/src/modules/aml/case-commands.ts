import { sql } from 'drizzle-orm';
import {
  AML_CASE_STATUS_LABELS,
  AML_CASE_TRANSITIONS,
  AML_TEXT,
  holds,
  type AmlTransition,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, HttpError } from '../../lib/http-error.ts';
import { addEvent, audit, lockedCase, type Actor } from './cases.ts';

export interface Caller extends Actor {
  permissions: readonly string[];
  isSuperuser: boolean;
}

/** A lifecycle step from the contracts' table: from-state, permission, reason, audit, history. */
export async function transitionCase(tx: Database, id: string, t: AmlTransition, by: Caller): Promise<void> {
  const rule = AML_CASE_TRANSITIONS[t.action];
  if (rule.by === 'str') throw conflict(AML_TEXT.strOnly, { code: 'str_only' });
  if (!holds(by, rule.permission))
    throw new HttpError(403, `You don't have the permission "${rule.permission}" needed for this.`, {
      permission: rule.permission,
    });
  if (rule.reasonRequired && !t.reason)
    throw badRequest('Invalid request', [{ path: '/reason', message: AML_TEXT.reasonRequired }]);
  const k = await lockedCase(tx, id, t.version);
  if (!rule.from.includes(k.status))
    throw conflict(AML_TEXT.notAllowedFrom(AML_CASE_STATUS_LABELS[k.status]), {
      code: 'not_allowed',
      status: k.status,
    });
  await tx.execute(sql`update aml_cases set status = ${rule.to}, version = version + 1, updated_at = now(),
      closed_reason = ${rule.to === 'closed_no_action' ? (t.reason ?? null) : null} where id = ${id}::uuid`);
  await addEvent(tx, id, by, { kind: 'transition', from: k.status, to: rule.to, text: t.reason ?? null });
  await audit(tx, by, rule.audit, id, { from: k.status, to: rule.to, reason: t.reason ?? null });
}

export async function addNote(tx: Database, id: string, text: string, by: Actor): Promise<void> {
  await lockedCase(tx, id);
  await tx.execute(sql`update aml_cases set updated_at = now() where id = ${id}::uuid`);
  await addEvent(tx, id, by, { kind: 'note', text });
  await audit(tx, by, 'aml.case_note', id, { length: text.length });
}

/** Takes the case (`me`) or puts it back in the pool (`nobody`). */
export async function assignCase(tx: Database, id: string, to: 'me' | 'nobody', by: Actor): Promise<void> {
  await lockedCase(tx, id);
  const me = to === 'me';
  await tx.execute(sql`update aml_cases set assignee_id = ${me ? by.id : null}::uuid,
      assignee_email = ${me ? by.email : null}, version = version + 1, updated_at = now() where id = ${id}::uuid`);
  await addEvent(tx, id, by, { kind: 'assigned', text: me ? by.email : null });
  await audit(tx, by, 'aml.case_assign', id, { assignee: me ? by.email : null });
}

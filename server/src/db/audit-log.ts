import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { preparedRows } from './prepared.ts';
import { auditKeyPads } from './audit-key.ts';

export type AuditOutcome = 'success' | 'failure' | 'denied';

export interface AuditEntry {
  action: string;
  outcome: AuditOutcome;
  actorId?: string | null;
  actorEmail?: string | null;
  targetType?: string | null;
  targetId?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Appends one audit row. Pass the transaction that makes the change, so the change and its audit
 * row commit together or not at all. (Action names: `<area>.<verb>`, e.g. `auth.sign_in`.)
 * It lives in db/ because the seed writes audit rows too; modules call it as `writeAudit` from the
 * audit module's index.ts.
 */
export async function appendAudit(tx: Database, entry: AuditEntry): Promise<void> {
  // The chain trigger HMACs the row with the key's pads, handed over for this statement's
  // transaction only (set_config local) in the same statement, so it works with or without an
  // enclosing transaction. The database never stores the key (decision 0013).
  await preparedRows(
    tx,
    sql`
    insert into audit_log (id, action, outcome, actor_id, actor_email, target_type, target_id, ip, details)
    select 0, ${entry.action}, ${entry.outcome}, ${entry.actorId ?? null}::uuid, ${entry.actorEmail ?? null},
           ${entry.targetType ?? null}, ${entry.targetId ?? null}, ${entry.ip ?? null}::inet,
           ${JSON.stringify(entry.details ?? {})}::jsonb
    from (select set_config('bankmanager.audit_key', ${auditKeyPads()}, true)) as keyed`,
  );
}

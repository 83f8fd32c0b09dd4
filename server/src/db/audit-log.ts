import type { Database } from './client.ts';
import { auditLog } from './schema/audit.ts';

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
  await tx.insert(auditLog).values({
    id: 0, // replaced by the chain trigger
    action: entry.action,
    outcome: entry.outcome,
    actorId: entry.actorId ?? null,
    actorEmail: entry.actorEmail ?? null,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    ip: entry.ip ?? null,
    details: entry.details ?? {},
  });
}

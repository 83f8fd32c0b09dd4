import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { sql } from 'drizzle-orm';
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
 */
export async function writeAudit(tx: Database, entry: AuditEntry): Promise<void> {
  // The chain trigger HMACs the row with the key's pads, handed over for this statement's
  // transaction only (set_config local) in the same statement, so it works with or without an
  // enclosing transaction. The database never stores the key (decision 0013).
  await tx.execute(sql`
    insert into audit_log (id, action, outcome, actor_id, actor_email, target_type, target_id, ip, details)
    select 0, ${entry.action}, ${entry.outcome}, ${entry.actorId ?? null}::uuid, ${entry.actorEmail ?? null},
           ${entry.targetType ?? null}, ${entry.targetId ?? null}, ${entry.ip ?? null}::inet,
           ${JSON.stringify(entry.details ?? {})}::jsonb
    from (select set_config('bankmanager.audit_key', ${auditKeyPads()}, true)) as keyed`);
}

/**
 * The client address as Fastify sees it (trustProxy honours X-Forwarded-For from a proxy). The header
 * is the client's to write: anything but an IP address ("unknown", "300.1.1.1") falls back to the
 * peer's address, since `audit_log.ip` is `inet` and such a value made the whole request a 500.
 */
export const requestIp = (req: FastifyRequest): string | null =>
  isIP(req.ip) ? req.ip : isIP(req.socket.remoteAddress ?? '') ? req.socket.remoteAddress! : null;

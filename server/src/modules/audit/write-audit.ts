import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';

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

/**
 * The client address as Fastify sees it (trustProxy honours X-Forwarded-For from a proxy). The header
 * is the client's to write: anything but an IP address ("unknown", "300.1.1.1") falls back to the
 * peer's address, since `audit_log.ip` is `inet` and such a value made the whole request a 500.
 */
export const requestIp = (req: FastifyRequest): string | null =>
  isIP(req.ip) ? req.ip : isIP(req.socket.remoteAddress ?? '') ? req.socket.remoteAddress! : null;

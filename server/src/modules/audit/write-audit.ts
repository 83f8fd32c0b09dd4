import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

// The row itself is written by db/audit-log.ts (the seed writes audit rows too, and db/ imports no module).
export { appendAudit as writeAudit, type AuditEntry, type AuditOutcome } from '../../db/audit-log.ts';

/**
 * The client address as Fastify sees it (trustProxy honours X-Forwarded-For from a proxy). The header
 * is the client's to write: anything but an IP address ("unknown", "300.1.1.1") falls back to the
 * peer's address, since `audit_log.ip` is `inet` and such a value made the whole request a 500.
 */
export const requestIp = (req: FastifyRequest): string | null =>
  isIP(req.ip) ? req.ip : isIP(req.socket.remoteAddress ?? '') ? req.socket.remoteAddress! : null;

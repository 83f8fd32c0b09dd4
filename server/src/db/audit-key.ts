import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

/**
 * The key of the audit chain's HMAC (docs/security.md, finding 12; decision 0013). It never goes into the
 * database: `AUDIT_HMAC_KEY` from the environment, or — embedded mode, and PostgreSQL outside
 * production — a random key generated once into `<DATA_DIR>/audit-hmac.key` (mode 0600), as the
 * signing key is generated once. A `memory://` data directory gets a key for the life of the process.
 */
export const AUDIT_KEY_FILE = 'audit-hmac.key';

export function resolveAuditKey(config: Pick<Config, 'dataDir' | 'audit'>): Buffer {
  if (config.audit.hmacKey) return Buffer.from(config.audit.hmacKey, 'utf8');
  if (config.dataDir.startsWith('memory://')) return processKey();
  const file = path.join(config.dataDir, AUDIT_KEY_FILE);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx': only the first process creates it; the others read what it wrote.
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const text = fs.readFileSync(file, 'utf8').trim();
  if (text.length < 32) throw new Error(`${file} holds no usable audit key (64 hex digits expected)`);
  return Buffer.from(text, 'utf8');
}

let ephemeral: Buffer | undefined;
const processKey = () => (ephemeral ??= randomBytes(32));

let current: Buffer | undefined;

/** Called once by buildApp and the operator CLIs; writeAudit and the verifier use it. */
export function setAuditKey(key: Buffer): void {
  current = key;
}

/** The key in use; a process that never set one (unit tests on a bare database) gets its own. */
export function auditKey(): Buffer {
  return current ?? processKey();
}

let padsOf: { key: Buffer; pads: string } | undefined;

/**
 * HMAC-SHA256 pads (RFC 2104) as the database functions take them: hex of ipad || opad. Every posting
 * sends them: the last key's are kept (about 20 µs of CPU a posting to recompute).
 */
export function auditKeyPads(key: Buffer = auditKey()): string {
  if (padsOf?.key !== key) padsOf = { key, pads: computePads(key) };
  return padsOf.pads;
}

function computePads(key: Buffer): string {
  const k = Buffer.alloc(64);
  (key.length > 64 ? createHash('sha256').update(key).digest() : key).copy(k);
  const ipad = Buffer.from(k.map((b) => b ^ 0x36));
  const opad = Buffer.from(k.map((b) => b ^ 0x5c));
  return Buffer.concat([ipad, opad]).toString('hex');
}

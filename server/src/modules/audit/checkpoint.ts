import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * The chain head, checkpointed outside the database (decision 0013): removing the newest rows
 * leaves a valid shorter chain, which only a copy of the head kept elsewhere can expose. The file is
 * signed with the audit key (HMAC), so someone who can write it but lacks the key cannot forge it.
 */
export interface AuditCheckpoint {
  /** 1: one chain (before decision 0020); 2: `heads` per chain. Version 1 files are still read. */
  version: 1 | 2;
  /** The database's chain (audit_chain_meta.chain_id). */
  chainId: string;
  /** The newest row of any chain; a checkpoint never moves it backwards. */
  headId: number;
  headHash: string;
  /** Version 2: the newest row of each chain (decision 0020). */
  heads?: ChainHead[];
  /** The last row hashed without a key (before migration 0016); rows after it are keyed. */
  legacyUntilId: number;
  writtenAt: string;
  mac: string;
}

export interface ChainHead {
  chain: number;
  id: number;
  hash: string;
}

const macOf = (key: Buffer, c: Omit<AuditCheckpoint, 'mac'>) =>
  createHmac('sha256', key)
    .update(
      `audit-checkpoint|v${c.version}|${c.chainId}|${c.headId}|${c.headHash}|${c.legacyUntilId}|${c.writtenAt}` +
        (c.version === 2 ? `|${(c.heads ?? []).map((h) => `${h.chain}:${h.id}:${h.hash}`).join(',')}` : ''),
    )
    .digest('hex');

export type CheckpointRead =
  | { status: 'missing' }
  | { status: 'forged'; reason: string }
  | { status: 'ok'; checkpoint: AuditCheckpoint };

export function readCheckpoint(file: string, key: Buffer): CheckpointRead {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'missing' };
    throw err;
  }
  let c: AuditCheckpoint;
  try {
    c = JSON.parse(text) as AuditCheckpoint;
  } catch {
    return { status: 'forged', reason: 'the checkpoint file is not JSON' };
  }
  const expected = Buffer.from(macOf(key, c), 'hex');
  const given = Buffer.from(typeof c.mac === 'string' ? c.mac : '', 'hex');
  if (
    (c.version !== 1 && c.version !== 2) ||
    given.length !== expected.length ||
    !timingSafeEqual(given, expected)
  )
    return { status: 'forged', reason: 'the checkpoint signature does not match the audit key' };
  return { status: 'ok', checkpoint: c };
}

/** The heads (overall and per chain), the keyed boundary and the chain's id as the database has them now. */
export async function chainHead(db: Database) {
  const [r] = await queryRows<{
    legacy: string | number | null;
    chain_id: string | null;
    heads: ChainHead[] | null;
  }>(
    db,
    // One index probe per chain (audit_log_chain_idx); the chain numbers are the trigger's 0..7. The
    // range on both columns keeps the planner on that index, as the trigger's own lookup (migration
    // 0132): by `chain = c order by id desc` it may walk the primary key past other chains' rows.
    sql`select (select legacy_until_id from audit_chain_meta where id = 1) as legacy,
               (select chain_id::text from audit_chain_meta where id = 1) as chain_id,
               (select json_agg(json_build_object('chain', c, 'id', h.id, 'hash', h.hash) order by h.id desc)
                  from generate_series(0, 7) c
                  cross join lateral (
                    select x.id, x.hash
                      from (select a.chain, a.id, a.hash from audit_log a
                             where (a.chain, a.id) <= (c::smallint, 9223372036854775807)
                             order by a.chain desc, a.id desc limit 1) x
                     where x.chain = c) h
               ) as heads`,
  );
  const heads = (r?.heads ?? []).map((h) => ({ chain: Number(h.chain), id: Number(h.id), hash: h.hash }));
  return {
    chainId: r?.chain_id ?? '',
    headId: heads[0]?.id ?? 0,
    headHash: heads[0]?.hash ?? '',
    heads,
    legacyUntilId: Number(r?.legacy ?? 0),
  };
}

/**
 * Writes the current head, signed, atomically (temporary file and rename). Never moves the head
 * backwards: with several servers on one database, an older view does not replace a newer one.
 */
export async function writeCheckpoint(
  db: Database,
  file: string,
  key: Buffer,
  warn: (message: string) => void = () => undefined,
): Promise<AuditCheckpoint> {
  const head = await chainHead(db);
  const existing = readCheckpoint(file, key);
  if (existing.status === 'ok' && existing.checkpoint.chainId === head.chainId) {
    if (existing.checkpoint.headId > head.headId) return existing.checkpoint;
  } else if (existing.status !== 'missing') {
    // Another database's chain (a new or restored database), or a file that does not verify: keep it
    // for the operator, never overwrite evidence silently.
    const aside = `${file}.${Date.now()}.replaced`;
    fs.renameSync(file, aside);
    warn(`audit checkpoint ${file} did not belong to this database's chain; kept as ${aside}`);
  }
  const body = { version: 2 as const, ...head, writtenAt: new Date().toISOString() };
  const checkpoint: AuditCheckpoint = { ...body, mac: macOf(key, body) };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(checkpoint, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file);
  return checkpoint;
}

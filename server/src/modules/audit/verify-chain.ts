import { sql } from 'drizzle-orm';
import type { AuditVerifyResult } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { auditKey, auditKeyPads } from './audit-key.ts';
import { chainHead, readCheckpoint } from './checkpoint.ts';

export interface VerifyOptions {
  /** The HMAC key; default: the one this process writes with. */
  key?: Buffer;
  /** The signed head kept outside the database; without it, truncation cannot be seen. */
  checkpointFile?: string | undefined;
}

/**
 * Recomputes every chain in the database: rows up to the keyed boundary with the old unkeyed
 * `audit_row_hash`, later ones with `audit_row_hmac` and the key (decision 0013). A row is broken when
 * its hash does not match its content or its prev_hash is not the previous row's hash in its chain
 * (decision 0020: eight chains). Then the
 * checkpoint: its signature, its boundary, and its head row must still be there, unchanged.
 */
export async function verifyAuditChain(db: Database, opts: VerifyOptions = {}): Promise<AuditVerifyResult> {
  const key = opts.key ?? auditKey();
  const cp = opts.checkpointFile ? readCheckpoint(opts.checkpointFile, key) : undefined;
  const head = await chainHead(db);
  // The checkpoint, not the table, is the authority on where keyed rows begin: moving the boundary
  // up in the database would let rewritten rows pass as unkeyed ones.
  const legacy = cp?.status === 'ok' ? cp.checkpoint.legacyUntilId : head.legacyUntilId;
  const [r] = await queryRows<{ rows: string | number; first_broken: string | number | null }>(
    db,
    sql`with chain as (
          select a.id, a.hash, a.prev_hash,
                 case when a.id <= ${legacy} then audit_row_hash(a.prev_hash, a)
                      else audit_row_hmac(decode(${auditKeyPads(key)}, 'hex'), a.prev_hash, a) end as computed,
                 coalesce(lag(a.hash) over (partition by a.chain order by a.id), '') as expected_prev
          from audit_log a
        )
        select count(*) as rows,
               min(id) filter (where hash <> computed or prev_hash <> expected_prev) as first_broken
        from chain`,
  );
  const rows = Number(r?.rows ?? 0);
  if (r?.first_broken !== null && r?.first_broken !== undefined)
    return {
      ok: false,
      rows,
      firstBrokenId: Number(r.first_broken),
      problem: 'a row does not match its hash',
    };
  if (cp?.status === 'forged') return { ok: false, rows, firstBrokenId: 0, problem: cp.reason };
  if (cp?.status === 'ok') {
    const c = cp.checkpoint;
    const checkpoint = { headId: c.headId, writtenAt: c.writtenAt };
    if (head.chainId !== c.chainId)
      return {
        ok: false,
        rows,
        firstBrokenId: 0,
        problem: `the checkpoint belongs to another audit chain (${c.chainId}) than this database's (${head.chainId})`,
        checkpoint,
      };
    if (head.legacyUntilId !== c.legacyUntilId)
      return {
        ok: false,
        rows,
        firstBrokenId: Math.min(head.legacyUntilId, c.legacyUntilId) + 1,
        problem: 'the keyed boundary was moved',
        checkpoint,
      };
    // Every chain's head must still be there, unchanged (newest first, so the overall head is
    // reported when the newest rows went).
    const heads = c.heads ?? (c.headId > 0 ? [{ chain: 0, id: c.headId, hash: c.headHash }] : []);
    for (const h of heads) {
      const [still] = await queryRows<{ hash: string }>(
        db,
        sql`select hash from audit_log where id = ${h.id}`,
      );
      if (!still || still.hash !== h.hash)
        return {
          ok: false,
          rows,
          firstBrokenId: h.id,
          problem: `rows were removed or rewritten since the checkpoint of ${c.writtenAt}`,
          checkpoint,
        };
    }
    return { ok: true, rows, checkpoint };
  }
  return { ok: true, rows };
}

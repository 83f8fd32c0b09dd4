import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { storageObjects } from '../../db/schema/storage.ts';
import { requestIp, writeAudit } from '../audit/index.ts';
import { lockBucket } from './buckets-repository.ts';
import { duplicate, mimeRefused, objectNotFound, tooLarge } from './errors.ts';
import { findObject, putObject, type ObjectRow } from './objects-repository.ts';
import { assertAccess, auditActor, type StorageCaller } from './policies.ts';
import { mimeAllowed } from './sniff.ts';

export interface Transfer {
  fromBucket: string;
  fromKey: string;
  toBucket: string;
  toKey: string;
}

/**
 * Move or copy one object, within a bucket or across buckets. No bytes move: the new row names the
 * same content (stored once, by digest). The destination bucket's size and type rules still apply.
 * Reading the source, writing the destination (and for a move deleting the source) each need their
 * permission. One transaction, with its audit row.
 */
export async function transferObject(
  req: FastifyRequest,
  caller: StorageCaller,
  op: 'move' | 'copy',
  t: Transfer,
): Promise<ObjectRow> {
  return req.server.db.transaction(async (tx) => {
    const from = await lockBucket(tx, t.fromBucket);
    const to = t.toBucket === t.fromBucket ? from : await lockBucket(tx, t.toBucket);
    assertAccess(caller, from, 'read');
    if (op === 'move') assertAccess(caller, from, 'delete');
    assertAccess(caller, to, 'write');
    const source = await findObject(tx, t.fromBucket, t.fromKey, true);
    if (!source) throw objectNotFound();
    if (to.fileSizeLimit !== null && source.size > to.fileSizeLimit) throw tooLarge(to.fileSizeLimit);
    if (!mimeAllowed(source.mimeType, to.allowedMimeTypes)) throw mimeRefused(source.mimeType);
    if (t.fromBucket === t.toBucket && t.fromKey === t.toKey) throw duplicate();
    let row: ObjectRow | undefined;
    if (op === 'move') {
      if (await findObject(tx, t.toBucket, t.toKey)) throw duplicate();
      [row] = await tx
        .update(storageObjects)
        .set({ bucketId: t.toBucket, name: t.toKey, updatedAt: sql`now()`, version: sql`gen_random_uuid()` })
        .where(eq(storageObjects.id, source.id))
        .returning();
    } else {
      row = await putObject(
        tx,
        {
          bucketId: t.toBucket,
          name: t.toKey,
          size: source.size,
          mimeType: source.mimeType,
          sha256: source.sha256,
          cacheControl: source.cacheControl,
          owner: caller.kind === 'staff' ? caller.user.userId : source.owner,
        },
        false,
      );
    }
    if (!row) throw duplicate();
    await writeAudit(tx, {
      action: `storage.object.${op}`,
      outcome: 'success',
      ...auditActor(caller),
      targetType: 'storage_object',
      targetId: `${t.toBucket}/${t.toKey}`,
      ip: requestIp(req),
      details: { from: `${t.fromBucket}/${t.fromKey}`, sha256: source.sha256, via: caller.kind },
    });
    return row;
  });
}

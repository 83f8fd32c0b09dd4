import type { FastifyRequest } from 'fastify';
import { requestIp, writeAudit } from '../audit/index.ts';
import type { BucketRow } from './buckets-repository.ts';
import type { StorageContext } from './context.ts';
import { duplicate, mimeRefused, tooLarge } from './errors.ts';
import { findObject, putObject, type ObjectRow } from './objects-repository.ts';
import { auditActor, type StorageCaller } from './policies.ts';
import { mimeAllowed, sniffMimeType } from './sniff.ts';
import { readUpload } from './upload-body.ts';

export interface UploadTarget {
  /** As the route read it to authorize the upload: its limit and allowed types apply. */
  bucket: BucketRow;
  key: string;
  upsert: boolean;
  /** Whose object it is (the uploading user; the signer of a signed upload URL). */
  owner: string | null;
  caller: StorageCaller | 'signed-url';
}

/**
 * Stores one upload: streams it into the content store (size enforced as it arrives), sniffs its
 * type from its first bytes and checks it against the bucket, then writes the metadata and its audit
 * row in one transaction that commits only once the bytes are durable. Any refusal leaves nothing
 * behind but bytes no object names (the sweeper's).
 */
export async function storeUpload(
  ctx: StorageContext,
  req: FastifyRequest,
  t: UploadTarget,
): Promise<ObjectRow> {
  const db = req.server.db;
  const { bucket } = t;
  const limit = Math.min(bucket.fileSizeLimit ?? ctx.maxFileBytes, ctx.maxFileBytes);
  // Asked while the bytes arrive, not after: the insert below is what really refuses a duplicate.
  const taken = t.upsert ? Promise.resolve(undefined) : findObject(db, bucket.id, t.key);
  taken.catch(() => undefined); // awaited below unless the upload fails first
  const { staged, claimedType, cacheControl } = await readUpload(req, async (part) => ({
    staged: await ctx.store.stage(part.stream, limit, () => tooLarge(limit)),
    claimedType: part.claimedType,
    cacheControl: part.cacheControl,
  }));
  let durable: Promise<void> | undefined;
  try {
    const mimeType = await sniffMimeType(staged.head, claimedType);
    if (!mimeAllowed(mimeType, bucket.allowedMimeTypes)) throw mimeRefused(mimeType);
    if (await taken) throw duplicate();
    // The end of the last fsync (under way since the last byte), the rename and its directory fsync run
    // beside the metadata's first statement; the transaction waits for them before it goes on, so no
    // object is ever visible without its bytes.
    durable = staged.commit();
    durable.catch(() => undefined); // awaited in the transaction, and below on every path
    return await db.transaction(async (tx) => {
      const row = await putObject(
        tx,
        {
          bucketId: bucket.id,
          name: t.key,
          size: staged.size,
          mimeType,
          sha256: staged.sha256,
          cacheControl,
          owner: t.owner,
        },
        t.upsert,
      );
      if (!row) throw duplicate();
      // Before the audit row: its chain lock is not held while a directory is fsynced.
      await durable;
      const actor = t.caller === 'signed-url' ? { actorId: t.owner, actorEmail: null } : auditActor(t.caller);
      await writeAudit(tx, {
        action: row.replaced ? 'storage.object.update' : 'storage.object.create',
        outcome: 'success',
        ...actor,
        targetType: 'storage_object',
        targetId: `${bucket.id}/${t.key}`,
        ip: requestIp(req),
        details: {
          size: staged.size,
          sha256: staged.sha256,
          mimeType,
          via: t.caller === 'signed-url' ? 'signed_url' : t.caller.kind,
        },
      });
      const { replaced: _replaced, ...object } = row;
      return object;
    });
  } finally {
    // A refusal in the transaction must not remove the staged file under a rename still under way.
    await durable?.catch(() => undefined);
    await staged.discard();
  }
}

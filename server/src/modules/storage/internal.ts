import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { writeAudit } from '../audit/index.ts';
import { getBucket } from './buckets-repository.ts';
import type { StorageContext } from './context.ts';
import { StorageError } from './errors.ts';
import { findObject, putObject, type ObjectRow } from './objects-repository.ts';
import { mimeAllowed, sniffMimeType } from './sniff.ts';

export interface InternalPut {
  bucket: string;
  key: string;
  source: Readable;
  claimedType: string | undefined;
  actor: { id: string; email: string; ip: string | null };
}

/**
 * Another module's door to object storage (customer documents): the same staging, type
 * sniffing, bucket limits and audit as `/storage/v1` uploads, but for private buckets no staff
 * permission opens, and with the caller's own rows committed in the same transaction as the object.
 * Storage refusals come back as the /api's HttpError (413, 415…).
 */
export function internalStorage(ctx: StorageContext, db: Database) {
  return {
    async put<T>(p: InternalPut, inTx: (tx: Database, row: ObjectRow) => Promise<T>): Promise<T> {
      const bucket = await getBucket(db, p.bucket);
      const limit = Math.min(bucket.fileSizeLimit ?? ctx.maxFileBytes, ctx.maxFileBytes);
      const tooLarge = () => new HttpError(413, `The file is larger than ${limit} bytes`);
      const staged = await ctx.store.stage(p.source, limit, tooLarge).catch((err: unknown) => {
        throw err instanceof StorageError ? new HttpError(err.status, err.message) : err;
      });
      try {
        const mimeType = await sniffMimeType(staged.head, p.claimedType).catch(
          () => 'application/octet-stream',
        );
        if (!mimeAllowed(mimeType, bucket.allowedMimeTypes))
          throw new HttpError(415, `Files of type ${mimeType} are not accepted here`, {
            allowed: bucket.allowedMimeTypes,
          });
        await staged.commit();
        return await db.transaction(async (tx) => {
          // putObject takes the bucket's share lock itself (404 when the bucket is gone).
          const o = { bucketId: p.bucket, name: p.key, size: staged.size, mimeType, sha256: staged.sha256 };
          const row = await putObject(tx, { ...o, cacheControl: null, owner: p.actor.id }, false);
          if (!row) throw new HttpError(409, 'An object with this name already exists');
          await writeAudit(tx, {
            action: 'storage.object.create',
            outcome: 'success',
            actorId: p.actor.id,
            actorEmail: p.actor.email,
            ip: p.actor.ip,
            targetType: 'storage_object',
            targetId: `${p.bucket}/${p.key}`,
            details: { size: staged.size, sha256: staged.sha256, mimeType, via: 'internal' },
          });
          return inTx(tx, row);
        });
      } finally {
        await staged.discard();
      }
    },
    /** The object's row and a stream of its bytes, or undefined. */
    async open(bucket: string, key: string): Promise<{ row: ObjectRow; stream: Readable } | undefined> {
      const row = await findObject(db, bucket, key);
      const stream = row ? await ctx.store.open(row.sha256) : undefined;
      return row && stream ? { row, stream } : undefined;
    },
  };
}
export type InternalStorage = ReturnType<typeof internalStorage>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by registerStorage: object storage for other modules (see internal.ts). */
    storage: InternalStorage;
  }
}

export const decorateInternalStorage = (app: FastifyInstance, ctx: StorageContext) =>
  app.decorate('storage', internalStorage(ctx, app.db));

import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { storageObjects } from '../../db/schema/storage.ts';
import { sqlState } from '../../lib/db-errors.ts';
import { bucketNotFound } from './errors.ts';

const NOT_NULL_VIOLATION = '23502';

export type ObjectRow = typeof storageObjects.$inferSelect;

/** The `metadata` the real service keeps per object (what list and info show). */
export function objectMetadata(o: ObjectRow) {
  return {
    eTag: `"${o.sha256}"`,
    size: o.size,
    mimetype: o.mimeType,
    cacheControl: o.cacheControl ?? 'no-cache',
    lastModified: o.updatedAt.toISOString(),
    contentLength: o.size,
    httpStatusCode: 200,
  };
}

/** An object row as `remove` answers it. */
export function objectJson(o: ObjectRow) {
  return {
    id: o.id,
    bucket_id: o.bucketId,
    name: o.name,
    owner: o.owner ?? '',
    version: o.version,
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
    last_accessed_at: o.updatedAt.toISOString(),
    metadata: objectMetadata(o),
  };
}

/** `GET /object/info/…` (storage-js turns the keys to camelCase). */
export function objectInfoJson(o: ObjectRow) {
  return {
    id: o.id,
    name: o.name,
    version: o.version,
    bucket_id: o.bucketId,
    size: o.size,
    content_type: o.mimeType,
    cache_control: o.cacheControl ?? 'no-cache',
    etag: `"${o.sha256}"`,
    metadata: {},
    last_modified: o.updatedAt.toISOString(),
    created_at: o.createdAt.toISOString(),
  };
}

export async function findObject(db: Database, bucket: string, name: string, lock = false) {
  const q = db
    .select()
    .from(storageObjects)
    .where(and(eq(storageObjects.bucketId, bucket), eq(storageObjects.name, name)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export interface NewObject {
  bucketId: string;
  name: string;
  size: number;
  mimeType: string;
  sha256: string;
  cacheControl: string | null;
  owner: string | null;
}

/**
 * Inserts, or with `upsert` replaces the bytes of an existing key (new version); undefined on a clash.
 * The statement itself takes the bucket's share lock (the bucket's own changes wait for it) and says
 * whether it replaced a row: one round trip where there were three (an upload on embedded PGlite runs
 * each on the event loop). A bucket that no longer exists is bucketNotFound.
 */
export async function putObject(
  db: Database,
  o: NewObject,
  upsert: boolean,
): Promise<(ObjectRow & { replaced: boolean }) | undefined> {
  const insert = db.insert(storageObjects).values({
    ...o,
    // Null when the bucket is gone, which the NOT NULL refuses.
    bucketId: sql`(select b.id from storage_buckets b where b.id = ${o.bucketId} for share)`,
  });
  // An updated row carries this transaction's id in xmax; a fresh one none.
  const returned = { ...getTableColumns(storageObjects), replaced: sql<boolean>`(xmax <> 0)` };
  try {
    const [row] = upsert
      ? await insert
          .onConflictDoUpdate({
            target: [storageObjects.bucketId, storageObjects.name],
            set: {
              size: o.size,
              mimeType: o.mimeType,
              sha256: o.sha256,
              cacheControl: o.cacheControl,
              owner: o.owner,
              version: sql`gen_random_uuid()`,
              updatedAt: sql`now()`,
            },
          })
          .returning(returned)
      : await insert.onConflictDoNothing().returning(returned);
    return row;
  } catch (err) {
    if (sqlState(err) === NOT_NULL_VIOLATION) throw bucketNotFound();
    throw err;
  }
}

export async function deleteObjects(db: Database, bucket: string, names: string[]): Promise<ObjectRow[]> {
  if (names.length === 0) return [];
  return db
    .delete(storageObjects)
    .where(and(eq(storageObjects.bucketId, bucket), inArray(storageObjects.name, names)))
    .returning();
}

export async function deleteAllObjects(db: Database, bucket: string): Promise<number> {
  const rows = await db
    .delete(storageObjects)
    .where(eq(storageObjects.bucketId, bucket))
    .returning({ id: storageObjects.id });
  return rows.length;
}

/** Which of `sha256s` some object still names (the sweeper keeps those blobs). */
export async function referencedDigests(db: Database, sha256s: string[]): Promise<Set<string>> {
  if (sha256s.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ sha256: storageObjects.sha256 })
    .from(storageObjects)
    .where(inArray(storageObjects.sha256, sha256s));
  return new Set(rows.map((r) => r.sha256));
}

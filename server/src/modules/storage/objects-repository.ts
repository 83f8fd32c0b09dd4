import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { storageObjects } from '../../db/schema/storage.ts';

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

/** Inserts, or with `upsert` replaces the bytes of an existing key (new version); undefined on a clash. */
export async function putObject(db: Database, o: NewObject, upsert: boolean): Promise<ObjectRow | undefined> {
  const insert = db.insert(storageObjects).values(o);
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
        .returning()
    : await insert.onConflictDoNothing().returning();
  return row;
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

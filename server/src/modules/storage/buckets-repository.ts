import { asc, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { storageBuckets, storageObjects } from '../../db/schema/storage.ts';
import { bucketNotFound } from './errors.ts';

export type BucketRow = typeof storageBuckets.$inferSelect;

/** A bucket as the Storage API shows it (plus our policy columns, which the stock client ignores). */
export function bucketJson(b: BucketRow) {
  return {
    id: b.id,
    name: b.name,
    owner: b.owner ?? '',
    public: b.public,
    type: 'STANDARD',
    file_size_limit: b.fileSizeLimit,
    allowed_mime_types: b.allowedMimeTypes,
    read_permission: b.readPermission,
    write_permission: b.writePermission,
    delete_permission: b.deletePermission,
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
  };
}

export async function findBucket(db: Database, id: string): Promise<BucketRow | undefined> {
  const [row] = await db.select().from(storageBuckets).where(eq(storageBuckets.id, id));
  return row;
}

export async function getBucket(db: Database, id: string): Promise<BucketRow> {
  const row = await findBucket(db, id);
  if (!row) throw bucketNotFound();
  return row;
}

/** Locks the bucket row (uploads, empty and delete serialise on it), or 404. */
export async function lockBucket(db: Database, id: string): Promise<BucketRow> {
  const [row] = await db.select().from(storageBuckets).where(eq(storageBuckets.id, id)).for('share');
  if (!row) throw bucketNotFound();
  return row;
}

export interface BucketListQuery {
  limit: number;
  offset: number;
  sortColumn: 'id' | 'name' | 'created_at' | 'updated_at';
  sortOrder: 'asc' | 'desc';
  search: string;
}

const SORT = {
  id: storageBuckets.id,
  name: storageBuckets.name,
  created_at: storageBuckets.createdAt,
  updated_at: storageBuckets.updatedAt,
} as const;

export async function listBuckets(db: Database, q: BucketListQuery): Promise<BucketRow[]> {
  const col = SORT[q.sortColumn];
  const pattern = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select()
    .from(storageBuckets)
    .where(q.search ? ilike(storageBuckets.name, pattern) : undefined)
    .orderBy(q.sortOrder === 'desc' ? desc(col) : asc(col), asc(storageBuckets.id))
    .limit(q.limit)
    .offset(q.offset);
}

export async function bucketIsEmpty(db: Database, id: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(storageObjects)
    .where(eq(storageObjects.bucketId, id))
    .limit(1);
  return !row;
}

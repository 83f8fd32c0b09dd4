import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/**
 * Storage buckets (the `/storage/v1` service, modules/storage). Who may read, write and delete a
 * bucket's objects is data: a permission name per operation, null meaning the service role only.
 */
export const storageBuckets = pgTable(
  'storage_buckets',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    public: boolean('public').notNull().default(false),
    fileSizeLimit: bigint('file_size_limit', { mode: 'number' }),
    allowedMimeTypes: text('allowed_mime_types').array(),
    readPermission: text('read_permission'),
    writePermission: text('write_permission'),
    deletePermission: text('delete_permission'),
    owner: uuid('owner'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('storage_buckets_size_limit_check', sql`${t.fileSizeLimit} is null or ${t.fileSizeLimit} > 0`),
  ],
);

/**
 * Object metadata; the bytes live in the content store, named by their sha256 (identical bytes are
 * stored once). A row is committed only after its bytes are durable, so no row lacks its bytes.
 */
export const storageObjects = pgTable(
  'storage_objects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bucketId: text('bucket_id')
      .notNull()
      .references(() => storageBuckets.id),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mimeType: text('mime_type').notNull(),
    sha256: text('sha256').notNull(),
    cacheControl: text('cache_control'),
    owner: uuid('owner'),
    version: uuid('version').notNull().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('storage_objects_bucket_name_key').on(t.bucketId, t.name),
    // Prefix lists (`name like 'a/b/%'`) and name order within a bucket, byte-wise like the real service.
    index('storage_objects_bucket_name_c_idx').on(t.bucketId, sql`${t.name} collate "C"`),
    index('storage_objects_sha256_idx').on(t.sha256),
    check('storage_objects_sha256_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    check('storage_objects_size_check', sql`${t.size} >= 0`),
  ],
);

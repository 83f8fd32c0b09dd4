import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isPermission } from '@bankmanager/contracts';
import { storageBuckets } from '../../db/schema/storage.ts';
import { eq, sql } from 'drizzle-orm';
import { requestIp, writeAudit } from '../audit/index.ts';
import { bucketIsEmpty, bucketJson, getBucket, listBuckets, lockBucket } from './buckets-repository.ts';
import { duplicate, invalidRequest, StorageError } from './errors.ts';
import { bucketId } from './keys.ts';
import { deleteAllObjects } from './objects-repository.ts';
import {
  assertManager,
  auditActor,
  mayAccess,
  storageCaller,
  STORAGE_MANAGE,
  holdsPermission,
} from './policies.ts';
import { parseSizeLimit } from './size-limit.ts';

const permission = z
  .string()
  .refine(isPermission, 'a permission of the roles screen, such as customers.read')
  .nullable();
const bucketBody = z.object({
  id: z.string().optional(),
  name: z.string().optional(),
  public: z.boolean().optional(),
  file_size_limit: z.union([z.number(), z.string()]).nullable().optional(),
  allowed_mime_types: z
    .array(z.string().regex(/^[a-z0-9.+*-]+\/[a-z0-9.+*-]+$/i))
    .max(100)
    .nullable()
    .optional(),
  type: z.string().optional(),
  // Our extension (the stock client never sends them): who may read, write and delete the objects.
  read_permission: permission.optional(),
  write_permission: permission.optional(),
  delete_permission: permission.optional(),
});
const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  sortColumn: z.enum(['id', 'name', 'created_at', 'updated_at']).default('name'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
  search: z.string().max(200).default(''),
});
type BucketBody = z.infer<typeof bucketBody>;

function bucketFields(b: BucketBody) {
  return {
    ...(b.public !== undefined && { public: b.public }),
    ...(b.file_size_limit !== undefined && { fileSizeLimit: parseSizeLimit(b.file_size_limit) }),
    ...(b.allowed_mime_types !== undefined && {
      allowedMimeTypes: b.allowed_mime_types?.map((t) => t.toLowerCase()) ?? null,
    }),
    ...(b.read_permission !== undefined && { readPermission: b.read_permission }),
    ...(b.write_permission !== undefined && { writePermission: b.write_permission }),
    ...(b.delete_permission !== undefined && { deletePermission: b.delete_permission }),
  };
}

async function manager(req: FastifyRequest, reply: FastifyReply) {
  const caller = await storageCaller(req, reply);
  assertManager(caller);
  return caller;
}

const idParam = (req: FastifyRequest) => bucketId((req.params as { id: string }).id);

/** Bucket administration: the service role or `storage.manage`; reading one bucket: its readers too. */
export async function bucketRoutes(app: FastifyInstance): Promise<void> {
  app.get('/bucket', { schema: { querystring: listQuery } }, async (req, reply) => {
    await manager(req, reply);
    const q = req.query as z.infer<typeof listQuery>;
    return (await listBuckets(req.server.db, q)).map(bucketJson);
  });

  app.get('/bucket/:id', async (req, reply) => {
    const id = idParam(req);
    const caller = await storageCaller(req, reply);
    const b = await getBucket(req.server.db, id);
    const isManager =
      caller.kind === 'service-role' ||
      (caller.kind === 'staff' && holdsPermission(caller.user, STORAGE_MANAGE));
    if (!isManager && !mayAccess(caller, b, 'read')) assertManager(caller);
    return bucketJson(b);
  });

  app.post('/bucket', { schema: { body: bucketBody } }, async (req, reply) => {
    const caller = await manager(req, reply);
    const body = req.body as BucketBody;
    const id = bucketId(body.id ?? body.name);
    if (body.name !== undefined && body.id !== undefined && body.name !== body.id)
      throw invalidRequest("A bucket's name is its id");
    await req.server.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(storageBuckets)
        .values({
          id,
          name: id,
          owner: caller.kind === 'staff' ? caller.user.userId : null,
          ...bucketFields(body),
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw duplicate('The resource already exists');
      await audit(req, tx, caller, 'storage.bucket.create', id, bucketJson(row));
    });
    return { name: id };
  });

  app.put('/bucket/:id', { schema: { body: bucketBody } }, async (req, reply) => {
    const id = idParam(req);
    const caller = await manager(req, reply);
    await req.server.db.transaction(async (tx) => {
      await lockBucket(tx, id);
      const [row] = await tx
        .update(storageBuckets)
        .set({ ...bucketFields(req.body as BucketBody), updatedAt: sql`now()` })
        .where(eq(storageBuckets.id, id))
        .returning();
      await audit(req, tx, caller, 'storage.bucket.update', id, row ? bucketJson(row) : {});
    });
    return { message: 'Successfully updated' };
  });

  app.post('/bucket/:id/empty', async (req, reply) => {
    const id = idParam(req);
    const caller = await manager(req, reply);
    await req.server.db.transaction(async (tx) => {
      await lockBucket(tx, id);
      const removed = await deleteAllObjects(tx, id);
      await audit(req, tx, caller, 'storage.bucket.empty', id, { objectsRemoved: removed });
    });
    return { message: 'Successfully emptied' };
  });

  app.delete('/bucket/:id', async (req, reply) => {
    const id = idParam(req);
    const caller = await manager(req, reply);
    await req.server.db.transaction(async (tx) => {
      await tx.select().from(storageBuckets).where(eq(storageBuckets.id, id)).for('update');
      await getBucket(tx, id);
      if (!(await bucketIsEmpty(tx, id)))
        throw new StorageError(409, 'InvalidRequest', 'The bucket you tried to delete is not empty');
      await tx.delete(storageBuckets).where(eq(storageBuckets.id, id));
      await audit(req, tx, caller, 'storage.bucket.delete', id, {});
    });
    return { message: 'Successfully deleted' };
  });
}

async function audit(
  req: FastifyRequest,
  tx: Parameters<typeof writeAudit>[0],
  caller: Awaited<ReturnType<typeof storageCaller>>,
  action: string,
  id: string,
  details: Record<string, unknown>,
) {
  await writeAudit(tx, {
    action,
    outcome: 'success',
    ...auditActor(caller),
    targetType: 'storage_bucket',
    targetId: id,
    ip: requestIp(req),
    details: { ...details, via: caller.kind },
  });
}

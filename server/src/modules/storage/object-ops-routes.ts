import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requestIp, writeAudit } from '../audit/index.ts';
import { getBucket } from './buckets-repository.ts';
import { objectNotFound } from './errors.ts';
import { bucketId, normaliseKey, normalisePrefix } from './keys.ts';
import { listObjects } from './list-objects.ts';
import { deleteObjects, findObject, objectJson } from './objects-repository.ts';
import { assertAccess, auditActor, storageCaller } from './policies.ts';
import { expiresInSeconds, signGrant, SIGNED_UPLOAD_SECONDS } from './signed-urls.ts';
import { transferObject } from './transfer-object.ts';

const listBody = z.object({
  prefix: z.string().max(1024).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  sortBy: z
    .object({
      column: z.enum(['name', 'created_at', 'updated_at', 'last_accessed_at']).default('name'),
      order: z.enum(['asc', 'desc']).default('asc'),
    })
    .default({ column: 'name', order: 'asc' }),
  search: z.string().max(1024).default(''),
});
const transferBody = z.object({
  bucketId: z.string(),
  sourceKey: z.string(),
  destinationKey: z.string(),
  destinationBucket: z.string().optional(),
});
const removeBody = z.object({ prefixes: z.array(z.string()).min(1).max(1000) });
const signBody = z.object({ expiresIn: z.union([z.number(), z.string()]) });
const signManyBody = z.object({
  expiresIn: z.union([z.number(), z.string()]),
  paths: z.array(z.string()).min(1).max(1000),
});

type Wild = { bucket: string; '*': string };
const target = (req: FastifyRequest) => {
  const p = req.params as Wild;
  return { bucket: bucketId(p.bucket), key: normaliseKey(p['*']) };
};

async function readable(req: FastifyRequest, reply: FastifyReply, bucket: string) {
  const caller = await storageCaller(req, reply);
  const b = await getBucket(req.server.db, bucket);
  assertAccess(caller, b, 'read');
  return caller;
}

/** List, move, copy, remove and signing: JSON in, JSON out. */
export async function objectOpsRoutes(app: FastifyInstance): Promise<void> {
  app.post('/object/list/:bucket', { schema: { body: listBody } }, async (req, reply) => {
    const bucket = bucketId((req.params as { bucket: string }).bucket);
    await readable(req, reply, bucket);
    const b = req.body as z.infer<typeof listBody>;
    return listObjects(req.server.db, bucket, {
      prefix: normalisePrefix(b.prefix),
      limit: b.limit,
      offset: b.offset,
      sortColumn: b.sortBy.column,
      sortOrder: b.sortBy.order,
      search: b.search,
    });
  });

  for (const op of ['move', 'copy'] as const) {
    app.post(`/object/${op}`, { schema: { body: transferBody } }, async (req, reply) => {
      const b = req.body as z.infer<typeof transferBody>;
      const caller = await storageCaller(req, reply);
      const row = await transferObject(req, caller, op, {
        fromBucket: bucketId(b.bucketId),
        fromKey: normaliseKey(b.sourceKey),
        toBucket: bucketId(b.destinationBucket ?? b.bucketId),
        toKey: normaliseKey(b.destinationKey),
      });
      return op === 'move'
        ? { message: 'Successfully moved' }
        : { Id: row.id, Key: `${row.bucketId}/${row.name}` };
    });
  }

  app.delete('/object/:bucket', { schema: { body: removeBody } }, async (req, reply) => {
    const bucket = bucketId((req.params as { bucket: string }).bucket);
    const caller = await storageCaller(req, reply);
    assertAccess(caller, await getBucket(req.server.db, bucket), 'delete');
    const keys = [...new Set((req.body as z.infer<typeof removeBody>).prefixes.map(normaliseKey))];
    const removed = await req.server.db.transaction(async (tx) => {
      const rows = await deleteObjects(tx, bucket, keys);
      for (const r of rows) {
        await writeAudit(tx, {
          action: 'storage.object.delete',
          outcome: 'success',
          ...auditActor(caller),
          targetType: 'storage_object',
          targetId: `${bucket}/${r.name}`,
          ip: requestIp(req),
          details: { size: r.size, sha256: r.sha256, via: caller.kind },
        });
      }
      return rows;
    });
    return removed.map(objectJson);
  });

  app.post('/object/sign/:bucket/*', { schema: { body: signBody } }, async (req, reply) => {
    const { bucket, key } = target(req);
    const expiresIn = expiresInSeconds((req.body as z.infer<typeof signBody>).expiresIn);
    await readable(req, reply, bucket);
    if (!(await findObject(req.server.db, bucket, key))) throw objectNotFound();
    const token = await signGrant(req, bucket, key, { op: 'download' }, expiresIn);
    return { signedURL: `/object/sign/${bucket}/${key}?token=${token}` };
  });

  app.post('/object/sign/:bucket', { schema: { body: signManyBody } }, async (req, reply) => {
    const bucket = bucketId((req.params as { bucket: string }).bucket);
    const body = req.body as z.infer<typeof signManyBody>;
    const expiresIn = expiresInSeconds(body.expiresIn);
    await readable(req, reply, bucket);
    return Promise.all(
      body.paths.map(async (path) => {
        let key: string;
        try {
          key = normaliseKey(path);
        } catch {
          return { error: 'Invalid key', path, signedURL: null };
        }
        if (!(await findObject(req.server.db, bucket, key)))
          return {
            error: 'Either the object does not exist or you do not have access to it',
            path,
            signedURL: null,
          };
        const token = await signGrant(req, bucket, key, { op: 'download' }, expiresIn);
        return { error: null, path, signedURL: `/object/sign/${bucket}/${key}?token=${token}` };
      }),
    );
  });

  app.post('/object/upload/sign/:bucket/*', async (req, reply) => {
    const { bucket, key } = target(req);
    const caller = await storageCaller(req, reply);
    const b = await getBucket(req.server.db, bucket);
    assertAccess(caller, b, 'write');
    const upsert = req.headers['x-upsert'] === 'true';
    const owner = caller.kind === 'staff' ? caller.user.userId : null;
    const token = await signGrant(req, bucket, key, { op: 'upload', upsert, owner }, SIGNED_UPLOAD_SECONDS);
    return { url: `/object/upload/sign/${bucket}/${key}?token=${token}`, token };
  });
}

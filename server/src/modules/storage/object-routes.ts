import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getBucket } from './buckets-repository.ts';
import type { StorageContext } from './context.ts';
import { objectNotFound } from './errors.ts';
import { bucketId, normaliseKey } from './keys.ts';
import { findObject, objectInfoJson } from './objects-repository.ts';
import { assertAccess, storageCaller } from './policies.ts';
import { sendObject } from './send-object.ts';
import { verifyGrant } from './signed-urls.ts';
import { storeUpload } from './store-upload.ts';

type Params = { bucket: string; '*': string };
const target = (req: FastifyRequest) => {
  const p = req.params as Params;
  return { bucket: bucketId(p.bucket), key: normaliseKey(p['*']) };
};
const query = (req: FastifyRequest) => (req.query ?? {}) as Record<string, unknown>;
const fullKey = (bucket: string, key: string) => `${bucket}/${key}`;

/** Uploads: their bodies are streams, so this plugin has no body parser at all (registered apart). */
export function uploadRoutes(ctx: StorageContext) {
  return async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_req, _payload, done) => done(null));
    // storage-js sends `content-type: undefined` for a signed upload of a string: Fastify would
    // answer 415 before any parser. The claim is not trusted anyway (the bytes are sniffed).
    app.addHook('onRequest', async (req) => {
      const type = req.headers['content-type'];
      if (type !== undefined && !/^[\w.+-]+\/[\w.+-]+/.test(type))
        req.headers['content-type'] = 'application/octet-stream';
    });

    const upload = (method: 'POST' | 'PUT') => async (req: FastifyRequest, reply: FastifyReply) => {
      const { bucket, key } = target(req);
      const caller = await storageCaller(req, reply);
      const bucketRow = await getBucket(req.server.db, bucket);
      assertAccess(caller, bucketRow, 'write');
      // PUT replaces (or creates) the object; POST creates, replacing only with `x-upsert: true`.
      const upsert = method === 'PUT' || req.headers['x-upsert'] === 'true';
      const owner = caller.kind === 'staff' ? caller.user.userId : null;
      const row = await storeUpload(ctx, req, { bucket: bucketRow, key, upsert, owner, caller });
      return { Id: row.id, Key: fullKey(bucket, key) };
    };
    app.post('/object/:bucket/*', upload('POST'));
    app.put('/object/:bucket/*', upload('PUT'));

    app.put('/object/upload/sign/:bucket/*', async (req) => {
      const { bucket, key } = target(req);
      const grant = await verifyGrant(req, query(req).token, bucket, key, 'upload');
      if (grant.op !== 'upload') throw objectNotFound(); // (narrows the type; verifyGrant checked it)
      const row = await storeUpload(ctx, req, {
        bucket: await getBucket(req.server.db, bucket),
        key,
        upsert: grant.upsert, // only what the signer allowed
        owner: grant.owner,
        caller: 'signed-url',
      });
      return { Id: row.id, Key: fullKey(bucket, key) };
    });
  };
}

/** Downloads (authenticated, public, signed) and object info; HEAD is Fastify's from each GET. */
export function downloadRoutes(ctx: StorageContext) {
  return async (app: FastifyInstance) => {
    const authenticated = async (req: FastifyRequest, reply: FastifyReply) => {
      const { bucket, key } = target(req);
      const caller = await storageCaller(req, reply);
      assertAccess(caller, await getBucket(req.server.db, bucket), 'read');
      const row = await findObject(req.server.db, bucket, key);
      if (!row) throw objectNotFound();
      return sendObject(ctx, reply, row, query(req).download);
    };
    app.get('/object/authenticated/:bucket/*', authenticated);
    app.get('/object/:bucket/*', authenticated);

    app.get('/object/public/:bucket/*', async (req, reply) => {
      const { bucket, key } = target(req);
      const b = await getBucket(req.server.db, bucket);
      const row = b.public ? await findObject(req.server.db, bucket, key) : undefined;
      if (!row) throw objectNotFound();
      return sendObject(ctx, reply, row, query(req).download);
    });

    app.get('/object/sign/:bucket/*', async (req, reply) => {
      const { bucket, key } = target(req);
      await verifyGrant(req, query(req).token, bucket, key, 'download');
      const row = await findObject(req.server.db, bucket, key);
      if (!row) throw objectNotFound();
      return sendObject(ctx, reply, row, query(req).download);
    });

    app.get('/object/info/:bucket/*', async (req, reply) => {
      const { bucket, key } = target(req);
      const caller = await storageCaller(req, reply);
      assertAccess(caller, await getBucket(req.server.db, bucket), 'read');
      const row = await findObject(req.server.db, bucket, key);
      if (!row) throw objectNotFound();
      return objectInfoJson(row);
    });
  };
}

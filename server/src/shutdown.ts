import type { FastifyInstance } from 'fastify';
import type { DbHandle } from './db/client.ts';

/**
 * Graceful stop: the listener closes at once (new requests are refused), requests already in flight
 * run to completion, and only then does the database close.
 */
export async function closeGracefully(app: FastifyInstance, db: DbHandle): Promise<void> {
  app.draining = true;
  await app.close();
  await db.close();
}

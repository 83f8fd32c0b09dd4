import type { PublicConfig } from '@bankmanager/contracts';
import type { Config } from './config.ts';
import type { DbHandle, Database } from './db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    dbHandle: DbHandle;
    db: Database;
    /** Sent to the SPA inside index.html; modules fill in their public parts while registering. */
    publicConfig: PublicConfig;
    /** Set by closeGracefully before app.close(): new requests get 503 from that moment. */
    draining: boolean;
  }
}

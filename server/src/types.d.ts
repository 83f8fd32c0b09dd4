import type { PublicConfig } from '@bankmanager/contracts';
import type { Config } from './config.ts';
import type { DbHandle, Database } from './db/client.ts';
import type { ReportReads } from './db/report-reads.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    dbHandle: DbHandle;
    db: Database;
    /** Heavy report reads: on the read replica when one is configured, else on `db` (ADR 0054). */
    reportReads: ReportReads;
    /** Sent to the SPA inside index.html; modules fill in their public parts while registering. */
    publicConfig: PublicConfig;
    /** Set by closeGracefully before app.close(): new requests get 503 from that moment. */
    draining: boolean;
  }
}

import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { REPORT_SOURCE_HEADERS, type ReportServed } from '@bankmanager/contracts';
import type { ReadReplicaConfig } from '../config.ts';
import type { Database, DbHandle } from './client.ts';
import { queryRows } from './rows.ts';

/**
 * Heavy reads (reports, the dashboard, their exports) on a streaming read replica when one is
 * configured (ADR 0054), so they never compete with the counter for the primary. Reads that must see
 * the caller's own fresh write never come here: they use `app.db` as before.
 */
export interface ReportReads {
  /** Whether a replica is configured at all. */
  readonly replica: boolean;
  /**
   * Runs `read` where the setting says, after reading from that server whether it is a replica and
   * how far behind; sets the REPORT_SOURCE_HEADERS on `reply` (null: a background run, no reply).
   */
  run<T>(
    reply: FastifyReply | null,
    read: (db: Database) => Promise<T>,
  ): Promise<{ value: T; served: ReportServed }>;
}

interface ReplicaState {
  in_recovery: boolean;
  /** Null on the primary, or when nothing was ever replayed. */
  lag: string | null;
  as_of: string;
}

/*
 * A replica that has replayed all it received, while its WAL receiver streams, is as fresh as the
 * primary even when the last replayed commit is old (an idle primary writes nothing to replay): its
 * figures are as of now. Otherwise the last replayed commit is when its figures were true.
 */
const STATE = sql`
  select pg_is_in_recovery() as in_recovery,
         case when not pg_is_in_recovery() then null
              when caught_up then '0'
              else extract(epoch from now() - pg_last_xact_replay_timestamp())::text end as lag,
         to_char((case when not pg_is_in_recovery() or caught_up then now()
                       else coalesce(pg_last_xact_replay_timestamp(), now()) end) at time zone 'UTC',
                 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as as_of
    from (select coalesce(pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn()
                          and exists (select 1 from pg_stat_wal_receiver), false) as caught_up) s`;

/** The replica is too far behind and the setting says to read from the primary instead. */
class Lagging extends Error {}

// The replica unreachable, or a query cancelled by a recovery conflict (40001: replay removed rows it
// still needed): the primary answers instead, which is safe as the read changes nothing. A query
// timeout is not retried (the same report would load the primary as long), nor any error of the report.
const UNAVAILABLE_CODES = new Set(['40001', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);
function replicaUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') return UNAVAILABLE_CODES.has(code) || code.startsWith('ECONN');
  if (/trying to connect|Connection terminated/i.test(err.message)) return true;
  // Drizzle wraps the driver's error ("Failed query: …") with the driver's as its cause.
  return replicaUnavailable(err.cause);
}

function setHeaders(reply: FastifyReply, served: ReportServed) {
  void reply.header(REPORT_SOURCE_HEADERS.source, served.source);
  void reply.header(REPORT_SOURCE_HEADERS.asOf, served.asOf);
  if (served.lagSeconds !== null)
    void reply.header(REPORT_SOURCE_HEADERS.lagSeconds, String(served.lagSeconds));
}

export function createReportReads(
  primary: DbHandle,
  replica: DbHandle | undefined,
  settings: Pick<ReadReplicaConfig, 'maxLagSeconds' | 'onLag'>,
  log: { warn(obj: object, msg: string): void },
): ReportReads {
  /*
   * On `db`, after one query that says where it runs. No transaction around the report: the dashboard
   * runs its queries side by side on the pool, and a transaction would queue them on one connection.
   * The replica's pool only ever reaches the replica, so `pg_is_in_recovery()` on any of its
   * connections describes the one that runs the report; it refuses writes (read-only by default).
   */
  const runOn = async <T>(db: Database, read: (db: Database) => Promise<T>, fromReplica: boolean) => {
    const [s] = await queryRows<ReplicaState & Record<string, unknown>>(db, STATE);
    const lag = s!.lag === null ? null : Math.max(0, Math.round(Number(s!.lag) * 10) / 10);
    const late = lag !== null && lag > settings.maxLagSeconds;
    if (fromReplica && late && settings.onLag === 'primary') throw new Lagging();
    const served: ReportServed = {
      source: s!.in_recovery ? 'replica' : 'primary',
      asOf: s!.as_of,
      lagSeconds: lag,
      stale: late,
    };
    return { value: await read(db), served };
  };

  return {
    replica: replica !== undefined,
    async run(reply, read) {
      let result: { value: Awaited<ReturnType<typeof read>>; served: ReportServed };
      if (!replica) {
        // Without a replica: exactly the read as before, no transaction around it.
        const value = await read(primary.db);
        result = {
          value,
          served: { source: 'primary', asOf: new Date().toISOString(), lagSeconds: null, stale: false },
        };
      } else {
        try {
          result = await runOn(replica.db, read, true);
        } catch (err) {
          if (!(err instanceof Lagging) && !replicaUnavailable(err)) throw err;
          if (!(err instanceof Lagging))
            log.warn({ err }, 'read replica unavailable: report read from the primary');
          result = await runOn(primary.db, read, false);
        }
      }
      if (reply) setHeaders(reply, result.served);
      return result;
    },
  };
}

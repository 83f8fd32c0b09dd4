import { z } from 'zod';

/*
 * Which database served a report (ADR 0054): the primary, or a streaming read replica, and the moment
 * its figures are true at. JSON reports carry it as `served`; downloads (CSV, PDF, XLSX) carry the same
 * in the REPORT_SOURCE_HEADERS response headers.
 */

export const reportServedSchema = z.object({
  /** From `pg_is_in_recovery()` on the connection that ran the report (primary without a replica). */
  source: z.enum(['primary', 'replica']),
  /** ISO 8601: now on the primary or a caught-up replica; the last replayed commit on a lagging one. */
  asOf: z.string(),
  /** Seconds the replica's replay is behind; null on the primary. Not money: a plain number. */
  lagSeconds: z.number().nonnegative().nullable(),
  /** True when the replica lags past the bound and the setting says to serve it anyway ("as of"). */
  stale: z.boolean(),
});
export type ReportServed = z.infer<typeof reportServedSchema>;

export const REPORT_SOURCE_HEADERS = {
  source: 'x-report-source',
  asOf: 'x-report-as-of',
  lagSeconds: 'x-report-lag-seconds',
} as const;

export const REPORT_SOURCE_TEXT = {
  primary: 'Live figures from the primary database',
  replica: (asOf: string) => `From the read replica, as of ${asOf}`,
  stale: (asOf: string, lag: string) =>
    `As of ${asOf}: the read replica is ${lag} behind the primary; later postings are not shown yet`,
} as const;

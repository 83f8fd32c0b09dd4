/**
 * Every PostgreSQL advisory lock key the app takes, in one place, so no two features pick the same
 * number by accident. Any constant works; it only has to be the same in every server sharing the
 * database. All are transaction-scoped (`pg_advisory_xact_lock`): released at commit, rollback, or
 * when the process dies.
 */
export const ADVISORY_LOCKS = {
  /** Migrations: several servers starting at once on one PostgreSQL take turns (db/migrate.ts). */
  migrations: 727_274_001,
  /**
   * Appending to the audit hash chains: the two-key lock (auditChain, chain number), one per chain,
   * taken by the chain trigger (migration 0036_audit_chain_stripes.sql), which cannot import this
   * file; locks.test.ts checks the two agree.
   */
  auditChain: 727_274_002,
  /** First-user activation: only one caller becomes the first superuser (staff module). */
  firstUserActivation: 727_274_101,
  /** Staff flag changes: concurrent demotions cannot remove the last active superuser (staff module). */
  staffAdmin: 727_274_102,
  /**
   * End of day: every chunk of a run's work holds it, so two servers never work on the
   * bank's end of day at once even if both believe they own the run (its row's lease decides who does).
   */
  eodRun: 727_274_201,
  /** CTR filings: one preparation at a time, so a day is never filed twice (aml-filing module). */
  ctrFiling: 727_274_480,
} as const;

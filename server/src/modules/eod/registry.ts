import type { Database } from '../../db/client.ts';
import type { Lane } from './lanes.ts';
import 'fastify';

/**
 * Where other modules plug into end of day (the teller module's till sessions, the payments module's
 * standing orders): app.ts fills `app.eodHooks`. Nothing set: the pre-check says "no tills module" and
 * the step "no standing orders module" — never a pass they did not earn.
 */
export interface OpenTillSession {
  sessionId: string;
  branchCode: string;
  tellerEmail: string;
  openedAt: string;
}

export interface EodActor {
  id: string | null;
  email: string;
}

export interface StandingOrdersOutcome {
  posted: number;
  failed: number;
  skipped: number;
}

export interface EodHooks {
  /** The teller module's `openTillSessions(db)`: tills still open block the run. */
  openTillSessions?: (db: Database) => Promise<OpenTillSession[]>;
  /** The payments module's `runDueStandingOrders(db, businessDate, actor)`: the first step. */
  runDueStandingOrders?: (
    db: Database,
    businessDate: string,
    actor?: EodActor,
  ) => Promise<StandingOrdersOutcome>;
  /**
   * The sanctions module's re-screen of every customer against the lists in force: how many customers
   * were screened. The hits it raises are for Compliance's queue alone, never counted on the run.
   */
  rescreenSanctions?: (db: Database) => Promise<number>;
  /**
   * The aml module's monitoring rules over one business date: how many rules ran. Alerts are for
   * `aml.*` holders alone, so the run never counts them.
   */
  evaluateAmlRules?: (db: Database, businessDate: string) => Promise<number>;
  /**
   * The reporting module's daily figures for the business date (the dashboards read them): rows
   * written, or null when that date's were already kept.
   */
  aggregateReports?: (db: Database, businessDate: string) => Promise<number | null>;
  /**
   * The loan-book module's nightly steps, one chunk of loans (in id order after the cursor) at a time
   * inside the step's transaction, and what a step did on a date (read back for the run screen).
   */
  loanBook?: LoanBookHooks;
  /**
   * The built-reports module's schedules due on the business date (daily ones, month-end ones on the
   * month's last business day): how many runs it queued; 0 when that date's were already queued.
   */
  enqueueScheduledReports?: (db: Database, businessDate: string, monthEnd: boolean) => Promise<number>;
  /** The loans module's auto-debit of instalments due, one chunk of loans at a time (ADR 0061). */
  loanAutoDebit?: LoanAutoDebitHooks;
}

/** An account the auto-debit could not take from (the step goes on with the other loans). */
export interface AutoDebitFailure {
  accountId: number;
  error: string;
}

export interface LoanAutoDebitHooks {
  chunk: (
    tx: Database,
    args: LoanBookChunkArgs,
  ) => Promise<{
    lastId: number | null;
    done: number;
    collected: number;
    failures: AutoDebitFailure[];
    /** Loans collected one by one rather than set-based, and why the set-based path was refused. */
    perLoan?: number;
    bulkRefusal?: string | null;
  }>;
  totals: (db: Database, businessDate: string) => Promise<Record<string, string>>;
}

export interface LoanBookChunkArgs {
  businessDate: string;
  through: string;
  cursor: number;
  limit: number;
  runId: number;
  actor: EodActor;
  /** The lane the chunk works in, for a step run in lanes (ADR 0090); one lane when absent. */
  lane?: Lane;
}

export interface LoanBookHooks {
  accrue: (tx: Database, args: LoanBookChunkArgs) => Promise<{ lastId: number | null; done: number }>;
  classify: (tx: Database, args: LoanBookChunkArgs) => Promise<{ lastId: number | null; done: number }>;
  /** Interest of non-performing loans into suspense, and late-payment penalties (ADR 0064). */
  suspense: (tx: Database, args: LoanBookChunkArgs) => Promise<{ lastId: number | null; done: number }>;
  totals: (
    db: Database,
    step: 'loan_accrual' | 'loan_classification' | 'loan_suspense',
    businessDate: string,
  ) => Promise<Record<string, string>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * This app's end-of-day hooks, set by app.ts before the end-of-day routes register (one object per
     * app: two apps in one process, as tests build, never share them).
     */
    eodHooks: EodHooks;
  }
}

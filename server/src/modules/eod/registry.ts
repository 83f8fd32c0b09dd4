import type { Database } from '../../db/client.ts';

/**
 * Where other modules plug into end of day, one line each, when their plugin registers (the teller
 * module's till sessions, the payments module's standing orders). Nothing registered: the pre-check
 * says "no tills module" and the step "no standing orders module" — never a pass they did not earn.
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
}

const hooks: EodHooks = {};

/** `registerEodPrecheck('openTillSessions', openTillSessions)` from the teller module's plugin. */
export function registerEodPrecheck(
  name: 'openTillSessions',
  fn: NonNullable<EodHooks['openTillSessions']>,
): void {
  hooks[name] = fn;
}

/** `registerEodStep('runDueStandingOrders', runDueStandingOrders)` from the payments module's plugin. */
export function registerEodStep(
  name: 'runDueStandingOrders',
  fn: NonNullable<EodHooks['runDueStandingOrders']>,
): void {
  hooks[name] = fn;
}

/** Removes a hook (tests put a double in and take it out again). */
export function unregisterEodHook(name: keyof EodHooks): void {
  delete hooks[name];
}

export const eodHooks = (): Readonly<EodHooks> => hooks;

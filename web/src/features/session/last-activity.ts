/**
 * The time of the user's last activity, shared by every tab of the browser through localStorage, so
 * working in one tab keeps the session alive in the others.
 */
export const LAST_ACTIVITY_KEY = 'bankmanager-last-activity';

// Writing on every mouse move would be wasteful; a few seconds of precision is plenty.
const WRITE_EVERY_MS = 5_000;
let lastWritten = 0;
let localLast = Date.now();

export function recordActivity(now: number = Date.now()): void {
  localLast = now;
  if (now - lastWritten < WRITE_EVERY_MS) return;
  lastWritten = now;
  try {
    localStorage.setItem(LAST_ACTIVITY_KEY, String(now));
  } catch {
    /* storage blocked: this tab still counts its own activity */
  }
}

/** The latest activity in any tab. */
export function lastActivity(): number {
  let stored = 0;
  try {
    stored = Number(localStorage.getItem(LAST_ACTIVITY_KEY) ?? 0);
  } catch {
    /* ignore */
  }
  return Math.max(localLast, Number.isFinite(stored) ? stored : 0);
}

/** Resets the clock, e.g. at sign-in, so an old timestamp from a previous session does not count. */
export function resetActivity(now: number = Date.now()): void {
  lastWritten = 0;
  recordActivity(now);
}

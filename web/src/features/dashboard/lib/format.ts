// One format policy on every screen: day-first, in Freetown.
export { formatDate } from '@bankmanager/contracts/format';

/** Newest first. */
export function byDateDesc<T extends { date: string }>(items: T[]): T[] {
  return [...items].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

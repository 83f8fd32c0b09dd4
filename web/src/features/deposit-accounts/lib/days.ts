/** Whole days from `since` to `until` (ISO dates), as the schedule counts an overdrawn spell. */
export function daysBetween(since: string, until: string): number {
  const ms = Date.parse(`${until}T00:00:00Z`) - Date.parse(`${since}T00:00:00Z`);
  return Math.max(0, Math.round(ms / 86_400_000));
}

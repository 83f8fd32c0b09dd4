/** A list's query string for its CSV export: the same filters as the screen, no paging. */
export function exportPath(path: string, params: Record<string, string | undefined>): string {
  const q = new URLSearchParams({ format: 'csv' });
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  return `${path}?${q}`;
}

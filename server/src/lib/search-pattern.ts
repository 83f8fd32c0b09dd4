/**
 * A user's search text as an ILIKE substring pattern: `%` and `_` (and the escape character itself)
 * are matched literally, so "50%" finds "50%" and nothing else.
 */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

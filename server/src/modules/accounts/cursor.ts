import { badRequest } from '../../lib/http-error.ts';

/** Position in an account's history, newest first: (posted_at with microseconds, id). */
export interface HistoryCursor {
  postedAt: string;
  id: number;
}

export const encodeCursor = (c: HistoryCursor): string =>
  Buffer.from(`${c.postedAt}|${c.id}`).toString('base64url');

export function decodeCursor(raw: string): HistoryCursor {
  const text = Buffer.from(raw, 'base64url').toString('utf8');
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|(\d{1,18})$/.exec(text);
  // The shape alone lets through instants that do not exist ("2026-02-30T25:61…"), which the
  // database then refused with a 500: the instant must read back as itself.
  const instant = Date.parse(m?.[1] ?? '');
  if (
    !m ||
    Number.isNaN(instant) ||
    new Date(instant).toISOString().slice(0, 23) !== m[1]!.slice(0, 23) ||
    Number(m[2]) > Number.MAX_SAFE_INTEGER
  ) {
    throw badRequest('Invalid cursor: use the nextCursor value from the previous page.');
  }
  return { postedAt: m[1]!, id: Number(m[2]) };
}

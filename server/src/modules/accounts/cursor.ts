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
  if (!m) throw badRequest('Invalid cursor: use the nextCursor value from the previous page.');
  return { postedAt: m[1]!, id: Number(m[2]) };
}

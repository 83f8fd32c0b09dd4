import { OBJECTS_PAGE_SIZE } from '../api/storage';

/** The storage service lists at most this far in (its `offset` limit); a later page is never asked for. */
export const LAST_PAGE = Math.floor(1_000_000 / OBJECTS_PAGE_SIZE) - 1;

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The folder a URL names, or the bucket's top when it names none the storage service would take (it
 * refuses an empty, `.` or `..` segment, a backslash, a leading `/` or a control character), so a
 * hand-edited link lists the top rather than failing.
 */
export function folderFromUrl(raw: string | null): string {
  if (!raw?.endsWith('/') || raw.length > 1024 || CONTROL.test(raw) || raw.includes('\\')) return '';
  const segments = raw.slice(0, -1).split('/');
  return segments.every((s) => s !== '' && s !== '.' && s !== '..') ? raw : '';
}

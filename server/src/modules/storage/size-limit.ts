import { invalidRequest } from './errors.ts';

const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };
/** The largest per-bucket limit accepted (5 GiB, the real service's ceiling). */
const MAX = 5 * 1024 ** 3;

/** A bucket's `file_size_limit`: bytes as a number, or a string such as "10MB" (as storage-js allows). */
export function parseSizeLimit(raw: number | string | null): number | null {
  if (raw === null) return null;
  let bytes: number;
  if (typeof raw === 'number') bytes = raw;
  else {
    const m = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(raw);
    if (!m) throw invalidRequest('file_size_limit must be a number of bytes or a size such as "10MB"');
    bytes = Number(m[1]) * UNITS[(m[2] ?? 'b').toLowerCase()]!;
  }
  if (!Number.isFinite(bytes) || bytes <= 0 || bytes > MAX)
    throw invalidRequest(`file_size_limit must be between 1 byte and ${MAX} bytes`);
  return Math.floor(bytes);
}

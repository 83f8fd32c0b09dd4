import { parseCsv, SANCTIONS_TEXT } from '@bankmanager/contracts';
import { ListFileError, type ParsedEntry, type ParsedList } from './parsed-entry.ts';

/**
 * The bank's own list of domestic designations, kept by Compliance as CSV:
 * `reference,type,name,aliases,dates_of_birth,nationality,comments`, with several aliases or dates
 * in one cell separated by `;`. The header is required, so a file of another kind is refused rather
 * than read column by column as if it were this one.
 */
export const LOCAL_LIST_HEADER = [
  'reference',
  'type',
  'name',
  'aliases',
  'dates_of_birth',
  'nationality',
  'comments',
];

const list = (cell: string | undefined) =>
  (cell ?? '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

/** `YYYY`, or a calendar date that exists (2023-02-30 does not: it would not round-trip). */
function isDateOrYear(d: string): boolean {
  if (/^\d{4}$/.test(d)) return true;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return false;
  const t = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
}

export function parseLocalList(text: string): ParsedList {
  const rows = parseCsv(text);
  const header = rows.shift();
  const names = header?.cells.map((c) => c.trim().toLowerCase());
  if (!names || LOCAL_LIST_HEADER.some((h, i) => names[i] !== h))
    throw new ListFileError(SANCTIONS_TEXT.csvHeader);
  const entries: ParsedEntry[] = rows.map(({ lineNo, cells }) => {
    const fail = (problem: string) => new ListFileError(SANCTIONS_TEXT.csvLine(lineNo, problem));
    const [ref, type, name, aliases, dobs, nationality, comments] = cells.map((c) => c.trim());
    if (type !== 'individual' && type !== 'entity') throw fail(SANCTIONS_TEXT.csvType);
    if (!name) throw fail(SANCTIONS_TEXT.csvName);
    const datesOfBirth = list(dobs);
    if (!datesOfBirth.every(isDateOrYear)) throw fail(SANCTIONS_TEXT.csvDate);
    return {
      ref: ref || `line-${lineNo}`,
      kind: type,
      name,
      aliases: list(aliases),
      referenceNumber: ref || null,
      listType: 'Domestic',
      datesOfBirth,
      nationalities: list(nationality),
      listedOn: null,
      comments: comments || null,
    };
  });
  if (entries.length === 0) throw new ListFileError(SANCTIONS_TEXT.emptyList);
  return { generatedAt: null, entries };
}

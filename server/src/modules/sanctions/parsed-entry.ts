/** One designation as a list file states it, before it is stored as an entry of a version. */
export interface ParsedEntry {
  ref: string;
  kind: 'individual' | 'entity';
  name: string;
  aliases: string[];
  referenceNumber: string | null;
  listType: string | null;
  /** `YYYY-MM-DD`, or `YYYY` when only the year is known (a range gives each of its years). */
  datesOfBirth: string[];
  nationalities: string[];
  listedOn: string | null;
  comments: string | null;
}

export interface ParsedList {
  generatedAt: string | null;
  entries: ParsedEntry[];
}

/** A problem with the file, reported on the `content` field of the upload. */
export class ListFileError extends Error {}

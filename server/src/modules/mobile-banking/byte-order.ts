import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * Whether the database compares text byte by byte (code point by code point in UTF-8). Only then is
 * the order of a string's first characters consistent with the order of the strings, which the
 * prefix bands of a name or mobile sort rely on (ADR 0033). Under a linguistic collation such as
 * en_US.UTF-8 case and accents only count at later levels (and punctuation such as the mobile's '+'
 * may not count at all at the first): "A1" < "a2", yet their prefixes sort "a" < "A".
 *
 * Read once per database handle: a database's collation is fixed when it is created.
 */
export function comparesBytewise(db: Database): Promise<boolean> {
  let known = answers.get(db);
  if (!known) {
    known = readCollation(db).then(isBytewise, () => {
      answers.delete(db); // a failed read is not an answer: ask again next time, sort plainly now
      return false;
    });
    answers.set(db, known);
  }
  return known;
}

const answers = new WeakMap<Database, Promise<boolean>>();

interface Collation {
  provider: string | null;
  collate: string | null;
  locale: string | null;
}

/** to_jsonb reads columns that only some versions have (datlocprovider from 15, datlocale from 17). */
async function readCollation(db: Database): Promise<Collation | undefined> {
  const [r] = await queryRows<Collation & Record<string, unknown>>(
    db,
    sql`select to_jsonb(d) ->> 'datlocprovider' as provider, d.datcollate::text as collate,
               to_jsonb(d) ->> 'datlocale' as locale
        from pg_database d where d.datname = current_database()`,
  );
  return r;
}

/**
 * libc's C and POSIX compare bytes; glibc's C.UTF-8 compares code points, which in UTF-8 is the byte
 * order (PostgreSQL 15 still calls strcoll for it). The builtin provider's C and C.UTF-8 (17+) are
 * code point order too. ICU never is.
 */
export function isBytewise(c: Collation | undefined): boolean {
  if (!c) return false;
  if (c.provider === 'b') return /^C(\.UTF-?8)?$/i.test(c.locale ?? '');
  if (c.provider !== null && c.provider !== 'c') return false;
  return /^(C|POSIX|C\.UTF-?8)$/i.test(c.collate ?? '');
}

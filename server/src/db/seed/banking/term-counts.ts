import { sql } from 'drizzle-orm';
import type { Database } from '../../client.ts';
import { queryRows } from '../../rows.ts';

const BATCH = 50_000;

/**
 * registered_user_term_counts for the bulk-loaded keys (ADR 0030). The table's insert trigger would
 * compute the same counts with registered_user_terms(), about 50 µs a row: most of a minute at
 * 1,000,000 customers. Here the pieces are listed in JS from the strings PostgreSQL itself lower-cased
 * and padded; the seed test compares the result with registered_user_term_count_violations().
 */
export async function insertRegisteredUserTermCounts(tx: Database): Promise<void> {
  // Per branch and term, the count and the last row counted, so a piece met twice in one row counts
  // once without a set per row.
  const byBranch = new Map<string, Map<string, { n: number; row: number }>>();
  for (let after = 0; ;) {
    // Three text columns, not one text[]: node-postgres parses arrays in JS, at twice the cost.
    const rows = await queryRows<KeyRow>(
      tx,
      sql`select cust_id, branch_code, name_folded, lpad(cust_id::text, 6, '0') as id_text, lower(mobile_no) as mobile
          from registered_user_keys where cust_id > ${after} order by cust_id limit ${BATCH}`,
    );
    if (rows.length === 0) break;
    for (const r of rows) {
      let counts = byBranch.get(r.branch_code);
      if (!counts) byBranch.set(r.branch_code, (counts = new Map<string, { n: number; row: number }>()));
      const row = Number(r.cust_id);
      const count = (term: string) => {
        const c = counts.get(term);
        if (!c) counts.set(term, { n: 1, row });
        else if (c.row !== row) {
          c.n += 1;
          c.row = row;
        }
      };
      for (const field of [r.name_folded, r.id_text, r.mobile]) {
        let previous = '';
        // for…of walks code points, as substr() counts characters
        for (const ch of field) {
          count(ch);
          if (previous) count(previous + ch);
          previous = ch;
        }
      }
    }
    after = Number(rows[rows.length - 1]!.cust_id);
  }
  const out = [...byBranch].flatMap(([branch, counts]) =>
    [...counts].map(([term, c]) => ({ term, branch_code: branch, n: c.n })),
  );
  for (let i = 0; i < out.length; i += BATCH) {
    await tx.execute(sql`
      insert into registered_user_term_counts (term, branch_code, n)
      select term, branch_code, n
      from jsonb_to_recordset(${JSON.stringify(out.slice(i, i + BATCH))}::jsonb) as x(term text, branch_code text, n bigint)`);
  }
}

// A type, not an interface: queryRows wants a record type.
type KeyRow = {
  cust_id: number;
  branch_code: string;
  name_folded: string;
  id_text: string;
  mobile: string;
};

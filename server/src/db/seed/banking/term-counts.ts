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
  const byBranch = new Map<string, Map<string, number>>();
  for (let after = 0; ;) {
    const rows = await queryRows<{ cust_id: number; branch_code: string; fields: string[] }>(
      tx,
      sql`select cust_id, branch_code, array[name_folded, lpad(cust_id::text, 6, '0'), lower(mobile_no)] as fields
          from registered_user_keys where cust_id > ${after} order by cust_id limit ${BATCH}`,
    );
    if (rows.length === 0) break;
    for (const r of rows) {
      let counts = byBranch.get(r.branch_code);
      if (!counts) byBranch.set(r.branch_code, (counts = new Map<string, number>()));
      for (const term of termsOf(r.fields)) counts.set(term, (counts.get(term) ?? 0) + 1);
    }
    after = Number(rows[rows.length - 1]!.cust_id);
  }
  const rows = [...byBranch].flatMap(([branch, counts]) =>
    [...counts].map(([term, n]) => ({ term, branch_code: branch, n })),
  );
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx.execute(sql`
      insert into registered_user_term_counts (term, branch_code, n)
      select term, branch_code, n
      from jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + BATCH))}::jsonb) as x(term text, branch_code text, n bigint)`);
  }
}

/** The distinct 1- and 2-character pieces of the fields, in code points (as substr() counts). */
function termsOf(fields: string[]): Set<string> {
  const terms = new Set<string>();
  for (const field of fields) {
    const chars = Array.from(field);
    for (let i = 0; i < chars.length; i += 1) {
      terms.add(chars[i]!);
      if (i + 1 < chars.length) terms.add(chars[i]! + chars[i + 1]!);
    }
  }
  return terms;
}

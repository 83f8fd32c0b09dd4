// bench:eod's loan book: about one loan per five customers, copied set-based from one real Salary Loan
// disbursed through the application service on the bench database (apply, appraise, approve,
// disburse), so every copy is what the loan steps meet in a bank. Their dates are spread so that a
// working day has its share due: copy k is disbursed (k mod 30) days before the template, and one in
// ten a further 100 days before, repaying from an empty account, so it is in arrears (OLEM to
// Substandard by the time the bench runs). Seeded once; a rerun finds the loans and goes on.
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../server/src/db/client.ts';
import { queryRows } from '../server/src/db/rows.ts';
import { buildApp } from '../server/src/app.ts';
import { writeAudit } from '../server/src/modules/audit/index.ts';
import { testConfig } from '../server/test/support/harness.ts';
import { loanScene } from '../server/test/support/loan-applications.ts';
import { disbursedLoan, setBusinessDate } from '../server/test/support/loans.ts';
import { cloneLoans } from './loan-clones.ts';

/** Seeds the loan book when it holds fewer than `count` loans; returns whether it seeded. */
export async function ensureLoans(handle: DbHandle, count: number): Promise<boolean> {
  const [have] = await queryRows<{ n: number; d: string }>(
    handle.db,
    sql`select count(*)::int as n, current_business_date()::text as d from loans`,
  );
  if (have!.n >= count) return false;
  const t = performance.now();
  const app = await buildApp({ config: testConfig(), db: handle, logger: false });
  await app.ready();
  try {
    const scene = await loanScene(app); // products, staff and the bank's capital (sets its own date)
    // The test scene books that capital without an audit row; a bank's books would have one.
    const [capital] = await queryRows<{ id: string }>(
      handle.db,
      sql`select id::text from journal_entries where narration = 'test capital' order by id desc limit 1`,
    );
    await writeAudit(handle.db, {
      action: 'seed.capital',
      outcome: 'success',
      targetType: 'journal_entry',
      targetId: capital!.id,
      details: { entryId: capital!.id },
    });
    await setBusinessDate(app, have!.d);
    const template = await disbursedLoan(app, scene, {
      overrideReason: "The bench's template loan: flagged against the seeded bank's capital.",
    });
    await cloneLoans(
      handle.db,
      template.loanId,
      count - have!.n - 1,
      (k) => sql`${k} % 30 + case when ${k} % 10 = 0 then 100 else 0 end`,
    );
  } finally {
    await app.close();
  }
  await handle.db.execute(sql`vacuum analyze loans, loan_instalments, accounts, transactions`);
  console.log(
    `loan book: ${count.toLocaleString('en-US')} loans seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  return true;
}

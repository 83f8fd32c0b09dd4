import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/app.ts';
import { queryRows } from '../../src/db/rows.ts';
import { postEntry } from '../../src/modules/ledger/index.ts';
import { aggregateDay } from '../../src/modules/reporting/index.ts';
import { EOD_BRANCH, eodProducts, openAccount, setBusinessDate, teller } from './eod.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { setRoles } from './roles.ts';
import { staffUsers, type StaffUser } from './staff-users.ts';

/** The second branch of the analysis book. */
export const OTHER = '302';

/**
 * A loan of `amount` on a Loan product of the scene, paid out of the branch's cash (a Loan account's
 * balance goes below zero).
 */
export async function cashLoan(app: App, amount: string, product = 'A-LOAN') {
  const a = await openAccount(app, { product: product as 'E-SAV' });
  await postEntry(app.db, {
    source: 'seed',
    narration: 'Loan paid out',
    lines: [
      { accountId: a.id, side: 'debit', amount },
      { glCode: `1020-${EOD_BRANCH}`, currency: 'SLE', side: 'credit', amount },
    ],
    audit: { action: 'test.loan', targetType: 'account', targetId: String(a.id) },
  });
}

/** A depositor of the other branch (OTHER, which must exist), with cash paid in there. */
export async function otherBranchDeposit(
  app: App,
  amount: string,
  depositor = { name: 'Bo Saver', mobile: '+23278999101' },
) {
  const [c] = await queryRows<{ id: number }>(
    app.db,
    sql`insert into customers (name, type, mobile_no, status, branch_code)
        values (${depositor.name}, 'private', ${depositor.mobile}, 'Active', ${OTHER}) returning cust_id as id`,
  );
  const [a] = await queryRows<{ id: string }>(
    app.db,
    sql`insert into accounts (account_number, cust_id, product_code, account_type, currency, status, opened_on, branch_code, ledger_code)
        select make_account_number(${OTHER}, nextval('account_serial_seq')), ${c!.id}, code, account_type, currency,
               'Active', current_business_date(), ${OTHER}, ledger_code from products where code = 'E-SAV'
        returning id::text`,
  );
  await postEntry(app.db, {
    source: 'seed',
    narration: 'Cash deposit',
    lines: [
      { accountId: Number(a!.id), side: 'credit', amount },
      { glCode: `1020-${OTHER}`, currency: 'SLE', side: 'debit', amount },
    ],
    audit: { action: 'test.teller', targetType: 'account', targetId: a!.id },
  });
}

export interface AnalysisBook {
  t: TestApp;
  app: App;
  /** A superuser: every branch. */
  head: StaffUser;
  /** A branch manager of EOD_BRANCH (reports.read, own branch only). */
  manager: StaffUser;
  /** A teller: no reports.read. */
  teller301: StaffUser;
  /** GET as `who` (null: no credentials). */
  get: (who: StaffUser | null, url: string) => Promise<LightMyRequestResponse>;
}

/*
 * A small hand-made book over three months, kept by the real aggregate (as the backfill keeps past
 * days): the Enquiries analysis screens' figures, and their files', must be these, to the cent.
 *   30 Sep: savings 1,000.00, USD savings 50.00, a loan of 300.00, an empty savings closed 15 Oct (301)
 *   30 Oct: savings +250.50, a current account 99.99 (301); savings 9,000.01 at branch 302
 *   24 Nov (today, not aggregated): savings −0.50
 */
export async function analysisBook(): Promise<AnalysisBook> {
  const t = await createTestApp();
  const app = t.app;
  await eodProducts(app);
  await app.db.execute(sql`insert into branches (code, name, town) values (${OTHER}, 'Bo Branch', 'Bo')
                           on conflict do nothing`);
  await app.db.execute(sql`insert into products (code, name, account_type, currency, ledger_code)
                           values ('A-LOAN', 'Analysis loan', 'Loan', 'SLE', '1410') on conflict do nothing`);
  const s = await staffUsers(app);
  const [head, manager, teller301] = await Promise.all([
    s.make('superuser', 'anhead'),
    s.make('activated', 'anbm'),
    s.make('activated', 'antl'),
  ]);
  await setRoles(app, manager.userId, ['branch_manager'], EOD_BRANCH);
  await setRoles(app, teller301.userId, ['teller'], EOD_BRANCH);

  await setBusinessDate(app, '2026-09-30');
  const savings = await openAccount(app, { product: 'E-SAV', deposit: '1000.00' });
  await openAccount(app, { product: 'E-USD', deposit: '50.00' });
  await cashLoan(app, '300.00');
  const closing = await openAccount(app, { product: 'E-SAV' });
  await setBusinessDate(app, '2026-10-30');
  await teller(app, savings.id, 'credit', '250.50');
  await openAccount(app, { product: 'E-CUR', deposit: '99.99' });
  await otherBranchDeposit(app, '9000.01');
  // An empty savings account opened in September and closed mid-October; one customer opened then.
  await app.db.execute(
    sql`update accounts set status = 'Closed', closed_on = '2026-10-15' where id = ${closing.id}`,
  );
  await app.db.execute(
    sql`update customers set created_at = '2026-10-15T10:00:00Z' where cust_id = ${closing.custId}`,
  );
  await setBusinessDate(app, '2026-11-24');
  await teller(app, savings.id, 'debit', '0.50');
  for (const d of ['2026-09-30', '2026-10-30'])
    await app.db.transaction((tx) => aggregateDay(tx, d, 'backfill'));
  const get = (who: StaffUser | null, url: string) =>
    app.inject({ method: 'GET', url, headers: who ? { authorization: who.auth } : {} });
  return { t, app, head, manager, teller301, get };
}

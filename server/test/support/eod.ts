import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { EodRun } from '@bankmanager/contracts';
import type { App } from '../../src/app.ts';
import { queryRows } from '../../src/db/rows.ts';
import { postEntry } from '../../src/modules/ledger/index.ts';
import { eodRunnerFor, eodViolations } from '../../src/modules/eod/index.ts';
import { ensureReferenceData } from './banking-fixtures.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { staffUsers, type StaffUser } from './staff-users.ts';

/** Branch of the end-of-day scenes (account numbers need three digits). */
export const EOD_BRANCH = '301';

/**
 * Products of the end-of-day tests, version 1 from 2015: flat 5% savings posting monthly; tiered
 * savings (4% from 0, 5% from 10,000, 6% from 100,000); a current account with 24% overdraft interest,
 * a Le 25 monthly fee and a Le 10 fee under Le 200, posting quarterly; a fixed deposit (3 months 8%,
 * 12 months 12%); USD savings at 1.5% (WHT to 2521).
 */
export async function eodProducts(app: App): Promise<void> {
  await ensureReferenceData(app.db);
  await app.db.execute(
    sql`insert into branches (code, name, town) values (${EOD_BRANCH}, 'EOD Branch', 'Makeni') on conflict do nothing`,
  );
  await app.db
    .execute(sql`insert into products (code, name, account_type, currency, ledger_code, wht_payable_gl) values
    ('E-SAV', 'EOD savings', 'Savings', 'SLE', '2020', '2520'),
    ('E-TIER', 'EOD tiered savings', 'Savings', 'SLE', '2020', '2520'),
    ('E-CUR', 'EOD current', 'Current', 'SLE', '2010', '2520'),
    ('E-FD', 'EOD fixed deposit', 'Fixed Deposit', 'SLE', '2030', '2520'),
    ('E-USD', 'EOD USD savings', 'Savings', 'USD', '2021', '2521') on conflict do nothing`);
  await app.db
    .execute(sql`insert into product_versions (product_code, version, effective_from, credit_rate, credit_tiers,
      debit_rate, min_operating_balance, monthly_fee, below_minimum_fee, dormancy_days, posting_frequency, fixed_deposit) values
    ('E-SAV', 1, '2015-01-01', 5, '[]', null, 0, 0, 0, 365, 'monthly', null),
    ('E-TIER', 1, '2015-01-01', 4, '[{"minBalance":"0.00","rate":"4"},{"minBalance":"10000.00","rate":"5"},{"minBalance":"100000.00","rate":"6"}]', null, 0, 0, 0, 365, 'monthly', null),
    ('E-CUR', 1, '2015-01-01', 0, '[]', 24, 200, 25, 10, 365, 'quarterly', null),
    ('E-FD', 1, '2015-01-01', 12, '[]', null, 0, 0, 0, 730, 'monthly',
      '{"tenors":[{"months":3,"rate":"8"},{"months":12,"rate":"12"}],"rollover":["none","principal","principal_and_interest"],"earlyWithdrawalPenaltyRate":"2"}'),
    ('E-USD', 1, '2015-01-01', 1.5, '[]', null, 0, 0, 0, 365, 'monthly', null)
    on conflict do nothing`);
}

export const setBusinessDate = (app: App, date: string) =>
  app.db.execute(sql`insert into bank_business_date (id, business_date) values (true, ${date}::date)
                     on conflict (id) do update set business_date = excluded.business_date, closing_run_id = null`);

export async function businessDate(app: App): Promise<string> {
  const [r] = await queryRows<{ d: string }>(app.db, sql`select current_business_date()::text as d`);
  return r!.d;
}

let n = 0;

export interface OpenOptions {
  product: 'E-SAV' | 'E-TIER' | 'E-CUR' | 'E-FD' | 'E-USD';
  /** Deposited at the counter today (a customer-initiated line). */
  deposit?: string;
  overdraftLimit?: string;
  openedOn?: string;
  tenorMonths?: number;
  maturityDate?: string;
  rollover?: 'none' | 'principal' | 'principal_and_interest';
  payoutAccountId?: number;
  /** Another account of this customer (default: a new customer). */
  custId?: number;
}

/** A customer with one Active account of the product, funded by a teller deposit when asked. */
export async function openAccount(
  app: App,
  o: OpenOptions,
): Promise<{ id: number; number: string; custId: number }> {
  const i = ++n;
  const [c] = o.custId
    ? [{ cust_id: o.custId }]
    : await queryRows<{ cust_id: number }>(
        app.db,
        sql`insert into customers (name, type, mobile_no, status, branch_code)
            values (${`Depositor ${i} Sesay`}, 'private', ${`+2327800${String(i).padStart(4, '0')}`}, 'Active', ${EOD_BRANCH})
            returning cust_id`,
      );
  const [a] = await queryRows<{ id: string; account_number: string }>(
    app.db,
    sql`insert into accounts (account_number, cust_id, product_code, account_type, currency, status, opened_on, branch_code,
                              ledger_code, overdraft_limit, tenor_months, maturity_date, rollover, payout_account_id)
        select make_account_number(${EOD_BRANCH}, nextval('account_serial_seq')), ${c!.cust_id}, p.code, p.account_type, p.currency,
               'Active', coalesce(${o.openedOn ?? null}::date, current_business_date()), ${EOD_BRANCH}, p.ledger_code,
               ${o.overdraftLimit ?? '0'}::numeric, ${o.tenorMonths ?? null}::int, ${o.maturityDate ?? null}::date,
               ${o.rollover ?? null}, ${o.payoutAccountId ?? null}::bigint
          from products p where p.code = ${o.product}
        returning id::text, account_number`,
  );
  const id = Number(a!.id);
  if (o.deposit) await teller(app, id, 'credit', o.deposit);
  return { id, number: a!.account_number, custId: Number(c!.cust_id) };
}

/**
 * Cash in or out against the branch's teller cash, as the demo seed posts it (source seed: customer
 * activity like a teller's, without the till session a teller entry must name; an account posting
 * may not name teller cash, and end of day's tests need suspense left at zero).
 */
export async function teller(
  app: App,
  accountId: number,
  side: 'credit' | 'debit',
  amount: string,
): Promise<void> {
  const [a] = await queryRows<{ currency: 'SLE' | 'USD' }>(
    app.db,
    sql`select currency from accounts where id = ${accountId}`,
  );
  await postEntry(app.db, {
    source: 'seed',
    narration: side === 'credit' ? 'Cash deposit' : 'Cash withdrawal',
    lines: [
      { accountId, side, amount },
      {
        glCode: `1020-${EOD_BRANCH}`,
        currency: a!.currency,
        side: side === 'credit' ? 'debit' : 'credit',
        amount,
      },
    ],
    audit: { action: 'test.teller', targetType: 'account', targetId: String(accountId) },
  });
}

export interface EodStaff {
  maker: StaffUser;
  checker: StaffUser;
  /** Activated, no role: holds no permission. */
  clerk: StaffUser;
  call: (
    method: string,
    url: string,
    who: StaffUser,
    payload?: unknown,
  ) => Promise<Awaited<ReturnType<App['inject']>>>;
}

/** Two superusers (one asks for runs, the other confirms them) and a clerk without permissions. */
export async function eodStaff(t: TestApp): Promise<EodStaff> {
  const s = await staffUsers(t.app);
  const [maker, checker, clerk] = await Promise.all([
    s.make('superuser', 'eodmaker'),
    s.make('superuser', 'eodchecker'),
    s.make('activated', 'eodclerk'),
  ]);
  return eodStaffOf(t, maker, checker, clerk);
}

/** The same with people a test already has (two superusers: one asks for runs, the other confirms). */
export function eodStaffOf(t: TestApp, maker: StaffUser, checker: StaffUser, clerk: StaffUser): EodStaff {
  const call = (method: string, url: string, who: StaffUser, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: who.auth },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  return { maker, checker, clerk, call };
}

/** Waits until the run is no longer queued or running (the runner polls; a kick starts it at once). */
export async function waitForRun(
  t: TestApp,
  staff: EodStaff,
  runId: string,
  timeoutMs = 120_000,
): Promise<EodRun> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const runner = eodRunnerFor(t.app.dbHandle);
    runner?.kick();
    await runner?.idle();
    const res = await staff.call('GET', `/api/eod/runs/${runId}`, staff.maker);
    const run = res.json<EodRun>();
    if (!['queued', 'running'].includes(run.status)) return run;
    if (Date.now() > until) throw new Error(`run ${runId} still ${run.status}: ${res.body}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Asks for a run as the maker, confirms it as the checker, and waits for it to end. */
export async function runEndOfDay(
  t: TestApp,
  staff: EodStaff,
  body: Record<string, unknown> = {},
): Promise<EodRun> {
  const res = await staff.call('POST', '/api/eod/runs', staff.maker, body);
  if (res.statusCode !== 202) throw new Error(`POST /api/eod/runs: ${res.statusCode} ${res.body}`);
  const { approvalId, runId } = res.json<{ approvalId: string; runId: string }>();
  const ok = await staff.call('POST', `/api/approvals/${approvalId}/approve`, staff.checker);
  if (ok.statusCode !== 200) throw new Error(`approve: ${ok.statusCode} ${ok.body}`);
  return waitForRun(t, staff, runId);
}

/** Every ledger and end-of-day invariant: empty when all hold. */
export async function allViolations(app: App): Promise<string[]> {
  const ledger = await queryRows<{ problem: string }>(app.db, sql`select problem from ledger_violations()`);
  return [...ledger.map((r) => r.problem), ...(await eodViolations(app.db))];
}

/** Counts that change whenever anything posts: entries, lines, audit rows. */
export async function bookCounts(app: App) {
  const [r] = await queryRows<{ entries: number; lines: number; tx: number; interest: string }>(
    app.db,
    sql`select (select count(*)::int from journal_entries) as entries, (select count(*)::int from gl_lines) as lines,
               (select count(*)::int from transactions) as tx,
               (select coalesce(sum(credit_accrued), 0)::text from account_interest) as interest`,
  );
  return r!;
}

/**
 * The usual scene of an end-of-day test file: the real app on a fresh database, the test products,
 * the business date, and the maker, checker and clerk. Read `t` and `staff` inside tests.
 */
export function useEodScene(date: string, overrides: Parameters<typeof createTestApp>[0] = {}) {
  const scene = {} as { t: TestApp; staff: EodStaff };
  beforeAll(async () => {
    scene.t = await createTestApp(overrides);
    await eodProducts(scene.t.app);
    await setBusinessDate(scene.t.app, date);
    scene.staff = await eodStaff(scene.t);
  });
  afterAll(() => scene.t.close());
  return scene;
}

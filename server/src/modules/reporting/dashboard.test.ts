import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  EXECUTIVE_DASHBOARD_TEXT as T,
  fromCents,
  toCents,
  type ExecutiveDashboard,
} from '@bankmanager/contracts';
import type { App } from '../../app.ts';
import { queryRows } from '../../db/rows.ts';
import { postEntry } from '../../modules/ledger/index.ts';
import {
  EOD_BRANCH,
  eodProducts,
  eodStaffOf,
  openAccount,
  runEndOfDay,
  setBusinessDate,
  teller,
  useEodScene,
  type EodStaff,
} from '../../../test/support/eod.ts';
import { cashLoan, OTHER, otherBranchDeposit } from '../../../test/support/analysis-book.ts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { setRoles } from '../../../test/support/roles.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { aggregateDay } from './index.ts';

const URL = '/api/reports/executive-dashboard';

/** The figures straight from the accounts, as an auditor would sum them: the dashboard must equal them. */
async function direct(app: App, branch: string | null) {
  const where = branch === null ? sql`true` : sql`branch_code = ${branch}`;
  const [r] = await queryRows<{ deposits: string; loans: string }>(
    app.db,
    sql`select coalesce(sum(balance) filter (where account_type <> 'Loan'), 0)::numeric(18,2)::text as deposits,
               coalesce(-sum(balance) filter (where account_type = 'Loan'), 0)::numeric(18,2)::text as loans
          from accounts where currency = 'SLE' and ${where}`,
  );
  return r!;
}

async function vault(app: App, branch: string) {
  const [r] = await queryRows<{ v: string }>(
    app.db,
    sql`select coalesce(sum(balance), 0)::numeric(18,2)::text as v from gl_balances()
         where gl_code = ${`1010-${branch}`} and currency = 'SLE'`,
  );
  return r!.v;
}

/** Cash moved from the tellers' GL to the vault of the end-of-day branch. */
async function toVault(app: App, amount: string) {
  await postEntry(app.db, {
    source: 'seed',
    narration: 'Cash to vault',
    lines: [
      { glCode: `1010-${EOD_BRANCH}`, currency: 'SLE', side: 'debit', amount },
      { glCode: `1020-${EOD_BRANCH}`, currency: 'SLE', side: 'credit', amount },
    ],
    audit: { action: 'test.vault', targetType: 'gl', targetId: `1010-${EOD_BRANCH}` },
  });
}

describe('GET /api/reports/executive-dashboard', () => {
  const scene = {} as { t: TestApp; staff: EodStaff };
  let app: App;
  let manager: StaffUser;
  let teller301: StaffUser;
  const get = async (who: StaffUser, query = '') => {
    const res = await scene.staff.call('GET', `${URL}${query}`, who);
    return { res, body: res.json<ExecutiveDashboard>() };
  };
  const sle = (d: ExecutiveDashboard) => d.currencies.find((c) => c.currency === 'SLE')!;

  beforeAll(async () => {
    scene.t = await createTestApp();
    app = scene.t.app;
    await eodProducts(app);
    await setBusinessDate(app, '2026-10-30');
    const s = await staffUsers(app);
    const [maker, checker, clerk] = await Promise.all([
      s.make('superuser', 'exmaker'),
      s.make('superuser', 'exchecker'),
      s.make('activated', 'exclerk'),
    ]);
    scene.staff = eodStaffOf(scene.t, maker, checker, clerk);
    [manager, teller301] = await Promise.all([s.make('activated', 'bm'), s.make('activated', 'tl')]);
    await app.db.execute(sql`insert into branches (code, name, town) values (${OTHER}, 'Second Branch', 'Bo')
                             on conflict do nothing`);
    await app.db.execute(sql`insert into products (code, name, account_type, currency, ledger_code)
                             values ('E-LOAN', 'EOD loan', 'Loan', 'SLE', '1410') on conflict do nothing`);
    // October: what the trend's previous month will show once backfilled.
    await openAccount(app, { product: 'E-SAV', deposit: '1000.10' });
    await setBusinessDate(app, '2026-11-24');
    await openAccount(app, { product: 'E-SAV', deposit: '2500.55' });
    await openAccount(app, { product: 'E-CUR', deposit: '0.33' });
    await cashLoan(app, '700.07', 'E-LOAN');
    await toVault(app, '1200.00');
    // The other branch's depositor: never in the 301 manager's figures.
    await otherBranchDeposit(app, '9000.01', { name: 'Bo Depositor', mobile: '+23278999001' });
    await setRoles(app, manager.userId, ['branch_manager'], EOD_BRANCH);
    await setRoles(app, teller301.userId, ['teller'], EOD_BRANCH);
    // A fresh app, demo staff and an end-of-day scene: slow on a shared, busy machine.
  }, 300_000);
  afterAll(() => scene.t.close());

  it('refuses a caller without reports.read (403), an anonymous one (401) and a bad branch (400)', async () => {
    expect((await get(teller301)).res.statusCode).toBe(403);
    const anon = await app.inject({ method: 'GET', url: URL });
    expect(anon.statusCode).toBe(401);
    const bad = await get(scene.staff.maker, '?branch=x9');
    expect(bad.res.statusCode).toBe(400);
    expect(bad.res.body).toContain('branch');
  });

  it('before any end of day: the figures equal the accounts to the cent, no history yet', async () => {
    const { res, body } = await get(scene.staff.maker);
    expect(res.statusCode, res.body).toBe(200);
    const want = await direct(app, null);
    expect(sle(body)).toMatchObject({ deposits: want.deposits, loans: want.loans });
    expect(want.loans).toBe('700.07');
    expect(body.aggregatedThrough).toBeNull();
    expect(body.npl).toMatchObject({ percent: null, asAt: null, note: T.nplNoHistory });
    expect(sle(body).depositsTrend).toHaveLength(12);
    expect(sle(body).depositsTrend.at(-1)).toEqual({ month: '2026-11', amount: want.deposits });
    expect(sle(body).depositsTrend.at(-2)).toEqual({ month: '2026-10', amount: null });
  });

  it('after end of day plus later postings: still equal to the cent, from the aggregate and the deltas', async () => {
    const run = await runEndOfDay(scene.t, scene.staff);
    expect(run.status, JSON.stringify(run)).toBe('completed');
    const step = run.steps.find((s) => s.step === 'report_aggregates');
    expect(step).toMatchObject({ status: 'done' });
    expect(Number(step!.totals?.rows)).toBeGreaterThan(0);
    // The next business day's postings land after the aggregate's watermark.
    const a = await openAccount(app, { product: 'E-SAV', deposit: '10.01' });
    await teller(app, a.id, 'debit', '0.01');
    await toVault(app, '0.99');
    const { body } = await get(scene.staff.maker);
    expect(body.aggregatedThrough).toBe('2026-11-24');
    const want = await direct(app, null);
    expect(sle(body).deposits).toBe(want.deposits);
    expect(sle(body).loans).toBe(want.loans);
    expect(sle(body).vaultCash).toBe(await vault(app, EOD_BRANCH));
    const byBranch = body.depositsByBranch.filter((b) => b.currency === 'SLE');
    expect(byBranch.find((b) => b.branchCode === OTHER)?.amount).toBe('9000.01');
    expect(fromCents(byBranch.reduce((t, b) => t + toCents(b.amount), 0n))).toBe(want.deposits);
    expect(body.accountsOpenedThisMonth).toBeGreaterThanOrEqual(5);
    expect(body.liquidity.asAt).toBe('2026-11-24');
    expect(body.liquidity.percent).toMatch(/^\d+\.\d{2}$/);
  });

  it('scopes a branch user to their branch, and refuses another branch with 403', async () => {
    const { res, body } = await get(manager);
    expect(res.statusCode, res.body).toBe(200);
    expect(body.branch).toBe(EOD_BRANCH);
    expect(sle(body).deposits).toBe((await direct(app, EOD_BRANCH)).deposits);
    expect(body.depositsByBranch.map((b) => b.branchCode)).toEqual([EOD_BRANCH, EOD_BRANCH]);
    expect(body.liquidity).toMatchObject({ percent: null, note: T.liquidityBankWide });
    expect((await get(manager, `?branch=${OTHER}`)).res.statusCode).toBe(403);
    // A bank-wide user may narrow to one branch.
    const narrowed = await get(scene.staff.maker, `?branch=${OTHER}`);
    expect(sle(narrowed.body).deposits).toBe('9000.01');
  });

  it('backfills a past day as balances at that date, which the trend then shows', async () => {
    await app.db.transaction(async (tx) => {
      expect((await aggregateDay(tx, '2026-10-30', 'backfill')).alreadyTaken).toBe(false);
    });
    const { body } = await get(scene.staff.maker);
    expect(sle(body).depositsTrend.at(-2)).toEqual({ month: '2026-10', amount: '1000.10' });
    expect(sle(body).loansTrend.at(-2)).toEqual({ month: '2026-10', amount: '0.00' });
  });
});

describe('the daily aggregate', () => {
  const scene = useEodScene('2026-11-24');

  it('is idempotent per date, and leaves nothing when its transaction fails (so a retry redoes it)', async () => {
    const app = scene.t.app;
    await openAccount(app, { product: 'E-SAV', deposit: '42.42' });
    await expect(
      app.db.transaction(async (tx) => {
        await aggregateDay(tx, '2026-11-24', 'eod');
        throw new Error('the server died');
      }),
    ).rejects.toThrow('the server died');
    const count = () =>
      queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from report_daily_positions`);
    expect((await count())[0]!.n).toBe(0);
    const first = await app.db.transaction((tx) => aggregateDay(tx, '2026-11-24', 'eod'));
    expect(first).toMatchObject({ alreadyTaken: false });
    const kept = (await count())[0]!.n;
    expect(kept).toBeGreaterThan(0);
    const again = await app.db.transaction((tx) => aggregateDay(tx, '2026-11-24', 'eod'));
    expect(again).toEqual({ rows: 0, alreadyTaken: true });
    expect((await count())[0]!.n).toBe(kept);
    const [sum] = await queryRows<{ s: string }>(
      app.db,
      sql`select sum(balance)::text as s from report_daily_positions where business_date = '2026-11-24'`,
    );
    expect(sum!.s).toBe('42.42');
  });
});

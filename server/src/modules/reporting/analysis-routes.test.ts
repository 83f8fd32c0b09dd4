import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BranchStatistics, DepositBorrowing, Snapshot } from '@bankmanager/contracts';
import { analysisBook, OTHER, type AnalysisBook } from '../../../test/support/analysis-book.ts';
import { EOD_BRANCH } from '../../../test/support/eod.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';

/* The JSON the three screens read; their files are in analysis-exports.test.ts, on the same book. */
describe('Snapshot View, Deposit & Borrowing Analysis and Branch Statistics', () => {
  let book: AnalysisBook;
  let head: AnalysisBook['head'];
  let manager: AnalysisBook['manager'];
  let teller301: AnalysisBook['teller301'];
  let get: AnalysisBook['get'];

  beforeAll(async () => {
    book = await analysisBook();
    ({ head, manager, teller301, get } = book);
  }, 300_000);
  afterAll(() => book.t.close());

  describe('GET /api/reports/snapshot', () => {
    const snap = async (who: StaffUser, query: string) => {
      const res = await get(who, `/api/reports/snapshot?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Snapshot>();
    };

    it('gives each branch and product at the last close on or before the date, loans as outstanding', async () => {
      // 31 Oct was never closed: its balances are 30 Oct's close.
      const s = await snap(head, 'date=2026-10-31');
      expect(s.asAt).toBe('2026-10-30');
      expect(s.branch).toBeNull();
      expect(
        s.rows.map((r) => [r.branchCode, r.productCode, r.kind, r.currency, r.amount, r.accounts]),
      ).toEqual([
        [EOD_BRANCH, 'A-LOAN', 'loan', 'SLE', '300.00', 1],
        [EOD_BRANCH, 'E-CUR', 'deposit', 'SLE', '99.99', 1],
        [EOD_BRANCH, 'E-SAV', 'deposit', 'SLE', '1250.50', 1],
        [EOD_BRANCH, 'E-USD', 'deposit', 'USD', '50.00', 1],
        [OTHER, 'E-SAV', 'deposit', 'SLE', '9000.01', 1],
      ]);
      expect(s.rows[2]).toMatchObject({
        branchName: 'EOD Branch',
        productName: 'EOD savings',
        accountType: 'Savings',
      });
      expect(s.totals).toEqual([
        { kind: 'deposit', currency: 'SLE', amount: '10350.50', accounts: 3 },
        { kind: 'deposit', currency: 'USD', amount: '50.00', accounts: 1 },
        { kind: 'loan', currency: 'SLE', amount: '300.00', accounts: 1 },
      ]);
      expect(s.served?.source).toBe('primary');
    });

    it('shows an earlier close as it stood then, filters by product, and says when nothing was kept', async () => {
      const sep = await snap(head, 'date=2026-09-30&product=E-SAV');
      expect(sep.rows.map((r) => [r.branchCode, r.amount])).toEqual([[EOD_BRANCH, '1000.00']]);
      const before = await snap(head, 'date=2026-09-01');
      expect(before).toMatchObject({ asAt: null, rows: [], totals: [] });
    });

    it('keeps a branch user to their branch, and refuses another branch (403) or no reports.read (403)', async () => {
      const own = await snap(manager, 'date=2026-10-30');
      expect(own.branch).toBe(EOD_BRANCH);
      expect(new Set(own.rows.map((r) => r.branchCode))).toEqual(new Set([EOD_BRANCH]));
      expect((await get(manager, `/api/reports/snapshot?date=2026-10-30&branch=${OTHER}`)).statusCode).toBe(
        403,
      );
      expect((await get(teller301, '/api/reports/snapshot?date=2026-10-30')).statusCode).toBe(403);
      expect((await get(null, '/api/reports/snapshot?date=2026-10-30')).statusCode).toBe(401);
      const narrowed = await snap(head, `date=2026-10-30&branch=${OTHER}`);
      expect(narrowed.rows.map((r) => r.amount)).toEqual(['9000.01']);
    });

    it('refuses an impossible, malformed or future date with 400 naming the field', async () => {
      for (const date of ['2026-02-30', '30/10/2026', '2026-11-25', '99999-01-01']) {
        const res = await get(head, `/api/reports/snapshot?date=${date}`);
        expect(res.statusCode, date).toBe(400);
        expect(JSON.stringify(res.json<{ details: unknown }>().details), date).toContain('date');
      }
      const res = await get(head, '/api/reports/snapshot');
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json<{ details: unknown }>().details)).toContain('date');
    });
  });

  describe('GET /api/reports/deposit-borrowing', () => {
    const url = '/api/reports/deposit-borrowing';

    it('gives each month end, the change against the month before, and the mix at the last one', async () => {
      const res = await get(head, `${url}?from=2026-09&to=2026-11`);
      expect(res.statusCode, res.body).toBe(200);
      const d = res.json<DepositBorrowing>();
      const sle = d.months.filter((m) => m.currency === 'SLE');
      expect(sle).toEqual([
        {
          month: '2026-09',
          currency: 'SLE',
          asAt: '2026-09-30',
          deposits: '1000.00',
          loans: '300.00',
          depositAccounts: 2,
          loanAccounts: 1,
          depositsChange: null,
          loansChange: null,
        },
        {
          month: '2026-10',
          currency: 'SLE',
          asAt: '2026-10-30',
          deposits: '10350.50',
          loans: '300.00',
          depositAccounts: 3,
          loanAccounts: 1,
          depositsChange: '9350.50',
          loansChange: '0.00',
        },
        {
          month: '2026-11',
          currency: 'SLE',
          asAt: null,
          deposits: null,
          loans: null,
          depositAccounts: null,
          loanAccounts: null,
          depositsChange: null,
          loansChange: null,
        },
      ]);
      expect(d.months.filter((m) => m.currency === 'USD').map((m) => m.deposits)).toEqual([
        '50.00',
        '50.00',
        null,
      ]);
      expect(d.mixAsAt).toBe('2026-10-30');
      expect(d.mix.map((m) => [m.productCode, m.kind, m.currency, m.amount])).toEqual([
        ['E-CUR', 'deposit', 'SLE', '99.99'],
        ['E-SAV', 'deposit', 'SLE', '10250.51'],
        ['E-USD', 'deposit', 'USD', '50.00'],
        ['A-LOAN', 'loan', 'SLE', '300.00'],
      ]);
    });

    it('keeps to one currency when asked, as the screen shows it', async () => {
      const d = (await get(head, `${url}?from=2026-09&to=2026-10&currency=USD`)).json<DepositBorrowing>();
      expect(d.months.map((m) => [m.currency, m.deposits])).toEqual([
        ['USD', '50.00'],
        ['USD', '50.00'],
      ]);
      expect(d.mix.map((m) => m.productCode)).toEqual(['E-USD']);
    });

    it('filters by branch and product, and keeps a branch user to their own', async () => {
      const res = await get(head, `${url}?from=2026-10&to=2026-10&branch=${OTHER}&product=E-SAV`);
      expect(res.json<DepositBorrowing>().months).toMatchObject([
        { month: '2026-10', deposits: '9000.01', loans: '0.00' },
      ]);
      const own = await get(manager, `${url}?from=2026-10&to=2026-10`);
      expect(own.json<DepositBorrowing>().months.find((m) => m.currency === 'SLE')?.deposits).toBe('1350.49');
      expect((await get(manager, `${url}?from=2026-10&to=2026-10&branch=${OTHER}`)).statusCode).toBe(403);
    });

    it('refuses a bad period with 400 naming the field', async () => {
      const cases: Array<[string, string]> = [
        ['from=2026-13&to=2026-11', 'from'],
        ['from=2026-10&to=2026-09', 'to'],
        ['from=2026-10&to=2026-12', 'to'],
        ['from=2023-01&to=2026-11', 'from'],
        ['from=2026-10', 'to'],
        ['from=2026-10&to=2026-10&currency=EUR', 'currency'],
        ['from=2026-10&to=2026-10&format=docx', 'format'],
      ];
      for (const [q, field] of cases) {
        const res = await get(head, `${url}?${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(JSON.stringify(res.json<{ details: unknown }>().details), q).toContain(field);
      }
    });
  });

  describe('GET /api/reports/branch-statistics', () => {
    const url = '/api/reports/branch-statistics';

    it('counts openings and closings in the period, with the balances at the last close', async () => {
      const res = await get(head, `${url}?from=2026-10-01&to=2026-10-31`);
      expect(res.statusCode, res.body).toBe(200);
      const d = res.json<BranchStatistics>();
      expect(d).toMatchObject({ asAt: '2026-10-30', startAt: '2026-09-30', currency: 'SLE', branch: null });
      const pick = (code: string) => d.rows.find((r) => r.branchCode === code);
      expect(pick(EOD_BRANCH)).toEqual({
        branchCode: EOD_BRANCH,
        branchName: 'EOD Branch',
        customersOpened: 1,
        accountsOpened: 1,
        accountsClosed: 1,
        deposits: '1350.49',
        loans: '300.00',
        cash: '0.00',
      });
      expect(pick(OTHER)).toMatchObject({
        accountsOpened: 1,
        accountsClosed: 0,
        deposits: '9000.01',
        loans: '0.00',
      });
      const usd = (
        await get(head, `${url}?from=2026-10-01&to=2026-10-31&currency=USD`)
      ).json<BranchStatistics>();
      expect(usd.rows.find((r) => r.branchCode === EOD_BRANCH)?.deposits).toBe('50.00');
    });

    it('keeps a branch user to their branch and refuses another (403)', async () => {
      const own = (await get(manager, `${url}?from=2026-10-01&to=2026-10-31`)).json<BranchStatistics>();
      expect(own.rows.map((r) => r.branchCode)).toEqual([EOD_BRANCH]);
      expect((await get(manager, `${url}?from=2026-10-01&to=2026-10-31&branch=${OTHER}`)).statusCode).toBe(
        403,
      );
    });

    it('refuses a bad period with 400 naming the field', async () => {
      const cases: Array<[string, string]> = [
        ['from=2026-02-30&to=2026-10-31', 'from'],
        ['from=2026-10-31&to=2026-10-01', 'to'],
        ['from=2026-10-01&to=2026-11-25', 'to'],
        ['from=2025-01-01&to=2026-10-31', 'from'],
        ['from=2026-10-01&to=2026-10-31&currency=EUR', 'currency'],
      ];
      for (const [q, field] of cases) {
        const res = await get(head, `${url}?${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(JSON.stringify(res.json<{ details: unknown }>().details), q).toContain(field);
      }
    });
  });
});

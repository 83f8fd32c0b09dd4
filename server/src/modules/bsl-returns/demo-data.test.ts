import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previousMonthEnd, type PreparedReturns, type TrialBalance } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { seedBanking } from '../../db/seed/banking/index.ts';
import { currentBusinessDate } from '../../db/business-date.ts';

/** With the demo data, every return of the last two month ends agrees with the trial balance. */
describe('BSL returns on the demo data', () => {
  let t: TestApp;
  let officer: StaffUser;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.db.transaction((tx) =>
      seedBanking(tx, { customers: 200, transactionsPerAccount: 6, seed: 7 }),
    );
    officer = await (await staffUsers(t.app)).make('activated');
  });
  afterAll(() => t.close());

  const get = <T>(url: string) =>
    t.app.inject({ url, headers: { authorization: officer.auth } }).then((r) => r.json<T>());

  it('reconciles to the cent, and the deposits equal the trial balance of the deposit accounts', async () => {
    const last = previousMonthEnd(await currentBusinessDate(t.app.db));
    for (const monthEnd of [last, previousMonthEnd(last)]) {
      const r = await get<PreparedReturns>(`/api/regulatory-returns/prepare?monthEnd=${monthEnd}`);
      const off = r.returns.flatMap((x) => x.checks.filter((c) => c.difference !== '0.00'));
      expect(off).toEqual([]);
      expect(r.reconciled).toBe(true);
      const tb = await get<TrialBalance>(`/api/gl/trial-balance?date=${monthEnd}`);
      const deposits = tb.rows
        .filter((row) => row.code.startsWith('20') && row.currency === 'SLE')
        .reduce((s, row) => s + BigInt(row.credit.replace('.', '')) - BigInt(row.debit.replace('.', '')), 0n);
      const line = r.returns
        .find((x) => x.code === 'deposits_type')!
        .lines.find((l) => l.code === 'total_deposits')!.current.SLE!;
      expect(deposits).toBeGreaterThan(0n);
      expect(BigInt(line.replace('.', ''))).toBe(deposits);
    }
  });
});

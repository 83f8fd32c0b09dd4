import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/support/harness.ts';
import { openAccount, runEndOfDay, teller, useEodScene, type EodStaff } from '../../../test/support/eod.ts';
import { queryRows } from '../../db/rows.ts';

/** End of day's `aml_monitoring` step: the day's activity is evaluated by a real run, which counts rules, not alerts. */
describe('the end-of-day monitoring step', () => {
  let t: TestApp;
  let staff: EodStaff;
  const scene = useEodScene('2026-11-24');
  beforeAll(async () => {
    ({ t, staff } = scene);
  });

  it('raises the day’s alerts and shows only how many rules ran', async () => {
    const pep = await openAccount(t.app, { product: 'E-SAV' });
    await t.app.db.execute(sql`update customers set pep = true where cust_id = ${pep.custId}`);
    await teller(t.app, pep.id, 'credit', '15000.00');

    const run = await runEndOfDay(t, staff);
    expect(run.status).toBe('completed');
    expect(run.steps.find((s) => s.step === 'aml_monitoring')).toMatchObject({
      status: 'done',
      totals: { rules: '7' },
    });
    // The run's screen and feed reach people who must not learn of alerts.
    expect(JSON.stringify(run)).not.toMatch(/alert|high.risk|pep/i);
    const alerts = await queryRows<{ scenario: string; business_date: string; amount: string }>(
      t.app.db,
      sql`select scenario, business_date::text, amount::text from aml_alerts where customer_id = ${pep.custId}`,
    );
    expect(alerts).toEqual([
      { scenario: 'high_risk_activity', business_date: '2026-11-24', amount: '15000.00' },
    ]);
  });
});

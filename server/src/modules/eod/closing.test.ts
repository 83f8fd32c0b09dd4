import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import type { TestApp } from '../../../test/support/harness.ts';
import {
  allViolations,
  openAccount,
  runEndOfDay,
  useEodScene,
  type EodStaff,
} from '../../../test/support/eod.ts';

describe('closing an account posts the interest end of day accrued (deposit-accounts’ closing journal)', () => {
  let t: TestApp;
  let staff: EodStaff;
  const scene = useEodScene('2026-11-24');
  beforeAll(async () => {
    ({ t, staff } = scene);
  });

  it('shows the accrued interest on the account, then pays it net of WHT into the closing payout', async () => {
    const a = await openAccount(t.app, { product: 'E-SAV', deposit: '100000.00' });
    const payout = await openAccount(t.app, { product: 'E-SAV', custId: a.custId });
    await runEndOfDay(t, staff); // Tue: 100,000 × 5% / 365 = 13.6986301370 → 13.70 booked
    await runEndOfDay(t, staff); // Wed: 27.3972602740 → 27.40
    const view = await staff.call('GET', `/api/accounts/${a.number}/manage`, staff.maker);
    expect(view.json<{ accruedInterest: string }>().accruedInterest).toBe('27.40');

    const ask = await staff.call('POST', `/api/accounts/${a.number}/status`, staff.maker, {
      action: 'close',
      reason: 'Customer asked to close',
      payoutAccount: payout.number,
    });
    expect(ask.statusCode, ask.body).toBe(202);
    const ok = await staff.call(
      'POST',
      `/api/approvals/${ask.json<{ approvalId: string }>().approvalId}/approve`,
      staff.checker,
    );
    expect(ok.statusCode, ok.body).toBe(200);

    // 27.40 gross, 4.11 WHT, 23.29 net; E-SAV charges no closure fee.
    const [r] = await queryRows<{ status: string; balance: string; paid: string; posting: string }>(
      t.app.db,
      sql`select a.status, a.balance::text, (select balance::text from accounts where id = ${payout.id}) as paid,
                 (select gross || '/' || wht || '/' || net || '/' || reason from interest_postings where account_id = a.id) as posting
            from accounts a where a.id = ${a.id}`,
    );
    expect(r).toEqual({
      status: 'Closed',
      balance: '0.00',
      paid: '100023.29',
      posting: '27.40/4.11/23.29/closing',
    });
    expect(await allViolations(t.app)).toEqual([]);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/harness.ts';
import {
  allViolations,
  bookCounts,
  businessDate,
  openAccount,
  runEndOfDay,
  useEodScene,
  type EodStaff,
} from '../../../test/support/eod.ts';

describe('an ordinary end of day', () => {
  let t: TestApp;
  let staff: EodStaff;
  const scene = useEodScene('2026-11-24');
  beforeAll(async () => {
    ({ t, staff } = scene);
  });

  it('accrues, snapshots and moves the business date to the next working day', async () => {
    await openAccount(t.app, { product: 'E-SAV', deposit: '1000000.00' });
    const run = await runEndOfDay(t, staff);
    expect(run.error).toBeNull();
    expect(run.status).toBe('completed');
    expect(await businessDate(t.app)).toBe('2026-11-25');
    expect(await allViolations(t.app)).toEqual([]);
    const step = run.steps.find((s) => s.step === 'credit_accrual')!;
    expect(step.status).toBe('done');
    // The payments module's standing orders ran first (none registered here, so none posted).
    expect(run.steps.find((s) => s.step === 'standing_orders')).toMatchObject({
      status: 'done',
      totals: { posted: '0', failed: '0', skipped: '0' },
    });
    expect(await bookCounts(t.app)).toBeTruthy();
  });
});

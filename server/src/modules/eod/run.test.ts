import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import {
  allViolations,
  bookCounts,
  businessDate,
  eodProducts,
  eodStaff,
  openAccount,
  runEndOfDay,
  setBusinessDate,
  type EodStaff,
} from '../../../test/support/eod.ts';

describe('an ordinary end of day', () => {
  let t: TestApp;
  let staff: EodStaff;
  beforeAll(async () => {
    t = await createTestApp();
    await eodProducts(t.app);
    await setBusinessDate(t.app, '2026-11-24');
    staff = await eodStaff(t);
  });
  afterAll(() => t.close());

  it('accrues, snapshots and moves the business date to the next working day', async () => {
    await openAccount(t.app, { product: 'E-SAV', deposit: '1000000.00' });
    const run = await runEndOfDay(t, staff);
    expect(run.error).toBeNull();
    expect(run.status).toBe('completed');
    expect(await businessDate(t.app)).toBe('2026-11-25');
    expect(await allViolations(t.app)).toEqual([]);
    const step = run.steps.find((s) => s.step === 'credit_accrual')!;
    expect(step.status).toBe('done');
    expect(run.steps.find((s) => s.step === 'standing_orders')!.note).toMatch(/No standing orders module/);
    expect(await bookCounts(t.app)).toBeTruthy();
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/support/harness.ts';
import { privateCustomer } from '../../../test/support/customers.ts';
import { runEndOfDay, useEodScene, type EodStaff } from '../../../test/support/eod.ts';
import { queryRows } from '../../db/rows.ts';

const UN_XML = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../../test/fixtures/sanctions/un-consolidated-sample.xml'),
  'utf8',
);

/** End of day's `sanctions_rescreen` step: a list version approved today reaches every customer tonight. */
describe('the nightly sanctions re-screen', () => {
  let t: TestApp;
  let staff: EodStaff;
  const scene = useEodScene('2026-11-24');
  beforeAll(async () => {
    ({ t, staff } = scene);
  });

  it('finds a customer whose name is a variant of a listed one, once the new version is in force', async () => {
    // Surname first, another spelling, a prefix and a diacritic: the same listed name once normalised.
    const created = await staff.call(
      'POST',
      '/api/customers',
      staff.maker,
      privateCustomer({ title: 'Mr', gender: 'male', firstName: 'Kamara', lastName: 'Alhaji Mohammèd' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const upload = await staff.call('POST', '/api/sanctions/lists/un', staff.maker, {
      fileName: 'consolidated.xml',
      content: UN_XML,
    });
    expect(upload.statusCode, upload.body).toBe(202);
    const approved = await staff.call(
      'POST',
      `/api/approvals/${upload.json<{ approvalId: string }>().approvalId}/approve`,
      staff.checker,
    );
    expect(approved.statusCode).toBe(200);

    const run = await runEndOfDay(t, staff);
    expect(run.status).toBe('completed');
    // The run counts the customers screened; whether any matched is for Compliance's queue alone.
    const [count] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from customers`);
    expect(run.steps.find((s) => s.step === 'sanctions_rescreen')).toMatchObject({
      status: 'done',
      totals: { customers: String(count!.n) },
    });
    expect(JSON.stringify(run)).not.toMatch(/hit/i);
    const hits = await queryRows<{ trigger: string; entry_key: string; score: string }>(
      t.app.db,
      sql`select trigger, entry_key, score::text from sanctions_hits where cust_id = ${id}`,
    );
    expect(hits).toEqual([{ trigger: 'rescreen', entry_key: 'un:9100001', score: '0.900' }]);
  });
});

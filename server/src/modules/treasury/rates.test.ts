import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { call, paymentsScene } from '../../../test/support/payments.ts';
import { queryRows } from '../../db/rows.ts';

describe('the day’s exchange rates (Treasury → Exchange Rates)', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof paymentsScene>>;
  let today = '';

  beforeAll(async () => {
    t = await createTestApp();
    s = await paymentsScene(t.app);
    today = (await call(t.app, s.officer, 'GET', '/api/business-date')).json().business_date;
  });
  afterAll(() => t.close());

  const put = (who = s.accountant, date = today, body: object = { buy: '22.5', sell: '23.5', mid: '23' }) =>
    call(t.app, who, 'PUT', `/api/fx-rates/USD/${date}`, body);

  it('lets treasury.rates holders enter and correct a day’s rates, audited, and anyone read them', async () => {
    const r = await put();
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      currency: 'USD',
      business_date: today,
      buy: '22.500000',
      entered_by: s.accountant.email,
    });
    const corrected = await put(s.accountant, today, { buy: '22.6', sell: '23.4', mid: '23' });
    expect(corrected.json().buy).toBe('22.600000');
    const list = await call(t.app, s.supervisor, 'GET', '/api/fx-rates?currency=USD');
    expect([list.statusCode, list.headers['x-total-count'], list.json()[0].sell]).toEqual([
      200,
      '1',
      '23.400000',
    ]);
    const audits = await queryRows<{ d: { before: unknown } }>(
      t.app.db,
      sql`select details as d from audit_log where action = 'treasury.fx_rate' order by id`,
    );
    expect(audits).toHaveLength(2);
    expect(audits[0]!.d.before).toBeNull();
    expect(audits[1]!.d.before).toMatchObject({ buy: '22.500000' });
  });

  it('refuses without the permission (403), out of order (400 on mid), for a closed date (409) and bad input', async () => {
    expect((await put(s.officer)).statusCode).toBe(403);
    const order = await put(s.accountant, today, { buy: '24', sell: '23', mid: '23.5' });
    expect([order.statusCode, order.json().details[0].path]).toEqual([400, '/mid']);
    const past = await put(s.accountant, '2020-01-01');
    expect([past.statusCode, past.json().details]).toEqual([409, { code: 'closed_date' }]);
    for (const body of [
      { buy: '0', sell: '1', mid: '1' },
      { buy: 'x', sell: '1', mid: '1' },
      { buy: '1.1234567', sell: '2', mid: '2' },
    ])
      expect((await put(s.accountant, today, body)).statusCode).toBe(400);
    expect(
      (
        await call(t.app, s.accountant, 'PUT', `/api/fx-rates/SLE/${today}`, {
          buy: '1',
          sell: '1',
          mid: '1',
        })
      ).statusCode,
    ).toBe(400);
  });
});

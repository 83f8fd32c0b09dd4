import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DATE_TEXT, isoDateSchema } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { openTestAccount } from '../../../test/support/banking-fixtures.ts';
import { queryRows } from '../../db/rows.ts';

/** Dates of the right shape that no calendar has; each reached the database and came back a 500. */
const IMPOSSIBLE = ['2026-02-30', '2026-04-31', '0000-00-00', '0000-01-01', '2025-02-29'];

/**
 * Every route that takes a date, in a body or as a filter, answers an impossible one with 400 and
 * details naming the field, and changes nothing.
 */
describe('impossible dates are a 400 on the field, never a 500', () => {
  let t: TestApp;
  let boss: StaffUser;
  let a = '';
  let b = '';
  let n = 0;

  const numberOf = async (id: number) =>
    (
      await queryRows<{ n: string }>(t.app.db, sql`select account_number as n from accounts where id = ${id}`)
    )[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    boss = await (await staffUsers(t.app)).make('superuser', 'boss');
    a = await numberOf((await openTestAccount(t.app.db)).accountId);
    b = await numberOf((await openTestAccount(t.app.db, { type: 'Current' })).accountId);
  });
  afterAll(() => t.close());

  const line = (gl_code: string, side: string) => ({ gl_code, currency: 'SLE', side, amount: '1.00' });
  /** [method, url, body, the field the 400 must name] for one date. */
  const routes = (d: string): [string, string, object | undefined, string][] => [
    [
      'POST',
      '/api/transfers',
      { from_account: a, to_account: b, amount: '1', narration: 'x', reference: `D-${++n}`, value_date: d },
      'value_date',
    ],
    [
      'POST',
      '/api/journal-entries',
      {
        narration: 'x',
        reference: `D-${++n}`,
        lines: [line('1900', 'debit'), line('4020', 'credit')],
        value_date: d,
      },
      'value_date',
    ],
    [
      'POST',
      '/api/journal-entries',
      {
        narration: 'x',
        reference: `D-${++n}`,
        lines: [line('1900', 'debit'), line('4020', 'credit')],
        business_date: d,
      },
      'business_date',
    ],
    ['POST', `/api/accounts/${a}/holds`, { amount: '1', reason: 'Court order', expiresOn: d }, 'expiresOn'],
    [
      'PUT',
      `/api/accounts/${b}/overdraft-limit`,
      { limit: '10', expiresOn: d, reason: 'Salary' },
      'expiresOn',
    ],
    ['GET', `/api/journal-entries?from=${d}`, undefined, 'from'],
    ['GET', `/api/ctr-flags?to=${d}`, undefined, 'to'],
    ['GET', `/api/teller/sessions?date=${d}`, undefined, 'date'],
    ['GET', `/api/teller/proof/report?branch=T01&date=${d}`, undefined, 'date'],
    ['GET', `/api/eod/reports/daily?date=${d}`, undefined, 'date'],
  ];

  it('the contracts date schema checks the calendar, and leap days stay valid', () => {
    for (const d of IMPOSSIBLE) {
      const r = isoDateSchema.safeParse(d);
      expect(r.success, d).toBe(false);
      expect(r.error!.issues.map((i) => i.message)).toEqual([DATE_TEXT.calendar]);
    }
    for (const d of ['2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31'])
      expect(isoDateSchema.safeParse(d).success, d).toBe(true);
    expect(isoDateSchema.safeParse('2026-2-1').error!.issues.map((i) => i.message)).toEqual([
      DATE_TEXT.format,
    ]);
  });

  it('ten routes answer 400 with details naming the field, and post nothing', async () => {
    const entries = async () =>
      (await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from journal_entries`))[0]!.n;
    const before = await entries();
    for (const d of IMPOSSIBLE)
      for (const [method, url, payload, field] of routes(d)) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { authorization: boss.auth },
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(400);
        const details = JSON.stringify(res.json().details ?? null);
        expect(details, `${method} ${url}`).toContain(field);
        expect(details, `${method} ${url}`).toContain(DATE_TEXT.calendar);
      }
    expect(await entries()).toBe(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { makeAccountNumber } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { giveLargeLimits } from '../../../test/support/roles.ts';
import { openTestAccount } from '../../../test/support/banking-fixtures.ts';
import { queryRows } from '../../db/rows.ts';

describe('ledger API: manual journals, transfers, reversals, the chart and the business date', () => {
  let t: TestApp;
  let officer: StaffUser;
  let checker: StaffUser;
  let seq = 0;
  const ref = () => `GL-${Date.now()}-${++seq}`;
  const acct: Record<'sle' | 'sle2' | 'usd', string> = { sle: '', sle2: '', usd: '' };

  beforeAll(async () => {
    t = await createTestApp();
    const staff = await staffUsers(t.app);
    officer = await staff.make('activated');
    checker = await staff.make('superuser', 'checker');
    // A superuser approves within the limits of their roles like anyone else.
    await giveLargeLimits(t.app, checker.userId);
    for (const [key, currency] of [
      ['sle', 'SLE'],
      ['sle2', 'SLE'],
      ['usd', 'USD'],
    ] as const) {
      const { accountId } = await openTestAccount(t.db.db, { currency });
      const [a] = await queryRows<{ account_number: string }>(
        t.db.db,
        sql`select account_number from accounts where id = ${accountId}`,
      );
      acct[key] = a!.account_number;
    }
    // Cash deposits to start with (each a two-line entry against teller cash).
    for (const [number, amount] of [
      [acct.sle, '5000'],
      [acct.usd, '300'],
    ] as const) {
      const r = await send('POST', `/api/accounts/${number}/transactions`, {
        direction: 'credit',
        amount,
        description: 'Cash deposit',
        reference: ref(),
        counter_account: '1900',
      });
      expect(r.statusCode).toBe(201);
    }
  });
  afterAll(() => t.close());

  function send(method: 'GET' | 'POST', url: string, body?: object) {
    return t.app.inject({ method, url, headers: { authorization: officer.auth }, payload: body });
  }
  const balance = async (number: string) =>
    (
      await queryRows<{ balance: string }>(
        t.db.db,
        sql`select balance from accounts where account_number = ${number}`,
      )
    )[0]!.balance;
  const violations = () => queryRows(t.db.db, sql`select problem from ledger_violations()`);
  const journal = (lines: [string, string, string, string][], extra: object = {}) => ({
    narration: 'Fee income from BSL statement',
    reference: ref(),
    lines: lines.map(([gl_code, currency, side, amount]) => ({ gl_code, currency, side, amount })),
    ...extra,
  });

  it('posts a balanced manual journal, replays it by reference, and shows it in the chart', async () => {
    const body = journal([
      ['1030', 'SLE', 'debit', '1000'],
      ['4020', 'SLE', 'credit', '1000'],
    ]);
    const r = await send('POST', '/api/journal-entries', body);
    expect(r.statusCode).toBe(201);
    const entry = r.json();
    expect(entry).toMatchObject({ source: 'manual', reference: body.reference, reversal_of: null });
    const glLine = (gl_code: string, side: string) => ({
      id: expect.stringMatching(/^\d+$/),
      kind: 'gl',
      gl_code,
      gl_name: expect.stringMatching(/\S/),
      account_number: null,
      currency: 'SLE',
      side,
      amount: '1000.00',
    });
    expect(entry.lines).toEqual([glLine('1030', 'debit'), glLine('4020', 'credit')]);
    const again = await send('POST', '/api/journal-entries', body);
    expect([again.statusCode, again.json().id]).toEqual([200, entry.id]);
    // The fresh answer (built as posted) and the replay's (read back) are the same entry.
    expect(again.json()).toEqual(entry);
    const other = await send('POST', '/api/journal-entries', {
      ...body,
      lines: body.lines
        .slice()
        .reverse()
        .map((l) => ({ ...l, amount: '2' })),
    });
    expect([other.statusCode, other.json().details]).toEqual([409, { code: 'reference_conflict' }]);
    const chart = (await send('GET', '/api/gl/accounts')).json<{ code: string; balances: object[] }[]>();
    expect(chart.find((c) => c.code === '4020')!.balances).toEqual([
      { currency: 'SLE', debit: '0.00', credit: '1000.00' },
    ]);
    expect(chart.find((c) => c.code === '2020')!.balances).toEqual([
      { currency: 'SLE', debit: '0.00', credit: '5000.00' },
    ]);
    expect(chart.find((c) => c.code === '4')!.balances).toEqual([
      { currency: 'SLE', debit: '0.00', credit: '1000.00' },
    ]);
  });

  it('refuses with 409 and a code, audits the refusal, and posts nothing', async () => {
    const before = await queryRows(t.db.db, sql`select count(*) as n from journal_entries`);
    const cases: [object, string][] = [
      [
        journal([
          ['1030', 'SLE', 'debit', '10'],
          ['4020', 'SLE', 'credit', '9.99'],
        ]),
        'unbalanced',
      ],
      [
        journal([
          ['1010', 'SLE', 'debit', '10'],
          ['4020', 'SLE', 'credit', '10'],
        ]),
        'gl_account_not_postable',
      ],
      [
        journal([
          ['2020', 'SLE', 'debit', '10'],
          ['4020', 'SLE', 'credit', '10'],
        ]),
        'gl_account_not_postable',
      ],
      [
        journal([
          ['1040', 'SLE', 'debit', '10'],
          ['4020', 'SLE', 'credit', '10'],
        ]),
        'currency_mismatch',
      ],
      [
        journal(
          [
            ['1030', 'SLE', 'debit', '10'],
            ['4020', 'SLE', 'credit', '10'],
          ],
          { business_date: '2020-01-01' },
        ),
        'closed_date',
      ],
    ];
    for (const [body, code] of cases) {
      const r = await send('POST', '/api/journal-entries', body);
      expect([r.statusCode, r.json().details], code).toMatchObject([409, { code }]);
    }
    expect(await queryRows(t.db.db, sql`select count(*) as n from journal_entries`)).toEqual(before);
    const audits = await queryRows<{ reason: string }>(
      t.db.db,
      sql`select details->>'reason' as reason from audit_log where action = 'ledger.manual_journal' and outcome = 'failure' and details->>'reason' <> 'reference_conflict'`,
    );
    expect(audits.map((a) => a.reason).sort()).toEqual(cases.map(([, c]) => c).sort());
  });

  it('answers 400 for malformed amounts and lines', async () => {
    for (const amount of ['1.005', '0', '-5', '0.00', '12345678901234567', '1e3']) {
      const r = await send(
        'POST',
        '/api/journal-entries',
        journal([
          ['1030', 'SLE', 'debit', amount],
          ['4020', 'SLE', 'credit', amount],
        ]),
      );
      expect(r.statusCode, amount).toBe(400);
    }
    expect(
      (await send('POST', '/api/journal-entries', journal([['1030', 'SLE', 'debit', '1']]))).statusCode,
    ).toBe(400);
  });

  it('transfers within a currency, and across currencies through the FX position at the day’s rate', async () => {
    // The day's rate (ADR 0023): the buy rate applies from dollars into Leones.
    await t.db.db.execute(sql`insert into fx_rates (currency, business_date, buy, sell, mid)
      values ('USD', current_business_date(), 22.755, 23.5, 23.1)`);
    const same = await send('POST', '/api/transfers', {
      from_account: acct.sle,
      to_account: acct.sle2,
      amount: '1200.50',
      narration: 'Rent',
      reference: ref(),
    });
    expect(same.statusCode).toBe(201);
    expect([await balance(acct.sle), await balance(acct.sle2)]).toEqual(['3799.50', '1200.50']);
    const cross = await send('POST', '/api/transfers', {
      from_account: acct.usd,
      to_account: acct.sle2,
      amount: '100',
      narration: 'Dollars to Leones',
      reference: ref(),
    });
    expect(cross.statusCode).toBe(201);
    const e = cross.json();
    expect(e.fx_rate).toBe('22.755000');
    // Customer lines name their account; the lines come in the order they were posted (by id).
    const customerLines = e.lines.filter((l: { kind: string }) => l.kind === 'customer');
    expect(customerLines).toHaveLength(2);
    expect(customerLines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ account_number: acct.usd, gl_code: '2021', side: 'debit' }),
        expect.objectContaining({ account_number: acct.sle2, gl_code: '2020', side: 'credit' }),
      ]),
    );
    const ids = e.lines.map((l: { id: string }) => Number(l.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // A posting answers with the entry built from its own statements (no read after the commit): it
    // must be the entry as the journal shows it, and as a replay of the same request answers.
    for (const posted of [same.json(), e]) {
      expect((await send('GET', `/api/journal-entries/${posted.id}`)).json()).toEqual(posted);
    }
    expect(
      e.lines
        .map(
          (l: { gl_code: string; currency: string; side: string; amount: string }) =>
            `${l.gl_code} ${l.currency} ${l.side} ${l.amount}`,
        )
        .sort(),
    ).toEqual([
      '1810 SLE debit 2275.50',
      '1810 USD credit 100.00',
      '2020 SLE credit 2275.50',
      '2021 USD debit 100.00',
    ]);
    const refuse = async (body: object, code: string) => {
      const r = await send('POST', '/api/transfers', { narration: 'x', reference: ref(), ...body });
      expect([r.statusCode, r.json().details], code).toMatchObject([409, { code }]);
    };
    await refuse({ from_account: acct.usd, to_account: acct.sle, amount: '1', rate: '30' }, 'rate_mismatch');
    await refuse(
      { from_account: acct.sle, to_account: acct.sle2, amount: '1', rate: '20' },
      'currency_mismatch',
    );
    await refuse({ from_account: acct.sle, to_account: acct.sle2, amount: '40000' }, 'insufficient_funds');
    const self = await send('POST', '/api/transfers', {
      from_account: acct.sle,
      to_account: acct.sle,
      amount: '1',
      narration: 'x',
      reference: ref(),
    });
    expect(self.statusCode).toBe(400);
    expect(
      (
        await send('POST', '/api/transfers', {
          // Well formed with valid check digits (ADR 0019), but no such account.
          from_account: makeAccountNumber('999', 1),
          to_account: acct.sle,
          amount: '1',
          narration: 'x',
          reference: ref(),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('reverses an entry once, pointing at the original, after a second person approves', async () => {
    const t1 = await send('POST', '/api/transfers', {
      from_account: acct.sle,
      to_account: acct.sle2,
      amount: '99.99',
      narration: 'Wrong account',
      reference: ref(),
    });
    const id = t1.json().id as string;
    const r = await send('POST', `/api/journal-entries/${id}/reversal`, {
      reference: ref(),
      reason: 'Wrong account',
    });
    expect(r.statusCode).toBe(202);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/approvals/${r.json().approvalId}/approve`,
      headers: { authorization: checker.auth },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const reversedBy = (await send('GET', `/api/journal-entries/${id}`)).json().reversed_by as string;
    expect((await send('GET', `/api/journal-entries/${reversedBy}`)).json()).toMatchObject({
      reversal_of: id,
      source: 'reversal',
    });
    const again = await send('POST', `/api/journal-entries/${id}/reversal`, {
      reference: ref(),
      reason: 'x',
    });
    expect([again.statusCode, again.json().details]).toMatchObject([409, { code: 'already_reversed' }]);
    // The account's history offers neither the reversed posting nor the reversal's line for reversal.
    const history = (await send('GET', `/api/accounts/${acct.sle2}/transactions?limit=2`)).json();
    expect(history.items.map((i: { description: string; reversible: boolean }) => i.reversible)).toEqual([
      false,
      false,
    ]);
    expect(
      (await send('POST', '/api/journal-entries/999999/reversal', { reference: ref(), reason: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it('lists entries paged and filtered, and tells the business date', async () => {
    const all = await send('GET', '/api/journal-entries?pageSize=2');
    expect(all.json()).toHaveLength(2);
    expect(Number(all.headers['x-total-count'])).toBeGreaterThan(4);
    const transfers = (await send('GET', '/api/journal-entries?source=transfer&pageSize=100')).json<
      { source: string }[]
    >();
    expect(transfers.length).toBeGreaterThan(0);
    expect(transfers.every((e) => e.source === 'transfer')).toBe(true);
    const byAccount = (await send('GET', `/api/journal-entries?account=${acct.usd}`)).json<object[]>();
    expect(byAccount).toHaveLength(2);
    const byGl = (await send('GET', '/api/journal-entries?account=1810')).json<object[]>();
    expect(byGl).toHaveLength(1);
    const bd = (await send('GET', '/api/business-date')).json();
    expect(bd.follows_calendar).toBe(true);
    expect(
      (
        await send(
          'GET',
          `/api/journal-entries?from=${bd.business_date}&to=${bd.business_date}&maker=${encodeURIComponent(officer.email)}`,
        )
      ).json().length,
    ).toBeGreaterThan(0);
    expect((await send('GET', '/api/journal-entries/999999')).statusCode).toBe(404);
  });

  it('leaves no ledger violation', async () => {
    expect(await violations()).toEqual([]);
  });
});

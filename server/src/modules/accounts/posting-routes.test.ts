import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { makeAccountNumber } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { queryRows } from '../../db/rows.ts';
import { openTestAccount } from '../../../test/support/banking-fixtures.ts';

describe('POST /api/accounts/:number/transactions', () => {
  let t: TestApp;
  let officer: StaffUser;
  let pending: StaffUser;
  const numbers: Record<'active' | 'other' | 'closed' | 'blocked', string> = {
    active: '',
    other: '',
    closed: '',
    blocked: '',
  };
  let seq = 0;
  const ref = () => `T-${Date.now()}-${++seq}`;

  beforeAll(async () => {
    t = await createTestApp();
    const staff = await staffUsers(t.app);
    officer = await staff.make('activated');
    pending = await staff.make('pending');
    for (const [key, status] of [
      ['active', 'Active'],
      ['other', 'Active'],
      ['closed', 'Closed'],
      ['blocked', 'Blocked'],
    ] as const) {
      const { accountId } = await openTestAccount(t.db.db, { status });
      const [a] = await queryRows<{ account_number: string }>(
        t.db.db,
        sql`select account_number from accounts where id = ${accountId}`,
      );
      numbers[key] = a!.account_number;
    }
  });
  afterAll(() => t.close());

  const post = (number: string, body: unknown, auth: string | null = officer.auth) =>
    t.app.inject({
      method: 'POST',
      url: `/api/accounts/${number}/transactions`,
      headers: auth ? { authorization: auth } : {},
      payload: body as object,
    });
  const credit = (amount: string, reference = ref()) => ({
    direction: 'credit',
    amount,
    description: '  Cash deposit  ',
    reference,
    counter_account: '1900',
  });
  /** Everything a posting could change: postings, balances, audit rows. */
  const snapshot = async () =>
    (
      await queryRows(
        t.db.db,
        sql`select (select count(*) from transactions) as tx, (select string_agg(balance::text, ',' order by id) from accounts) as balances,
                   (select count(*) from audit_log where action = 'banking.post_transaction') as audits`,
      )
    )[0];

  it('posts a credit and a debit: 201, running balance, audit row naming the actor', async () => {
    const c = await post(numbers.active, credit('1500'));
    expect(c.statusCode).toBe(201);
    expect(c.json()).toMatchObject({
      account_number: numbers.active,
      direction: 'credit',
      amount: '1500.00',
      balance_after: '1500.00',
      value_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const d = await post(numbers.active, { ...credit('250.5'), direction: 'debit' });
    expect(d.statusCode).toBe(201);
    expect(d.json().balance_after).toBe('1249.50');
    const [audit] = await queryRows<{ actor_id: string; details: { reference: string } }>(
      t.db.db,
      sql`select actor_id, details from audit_log where action = 'banking.post_transaction' and outcome = 'success'
          and details->>'entryId' = ${d.json().entry_id}`,
    );
    expect(audit).toMatchObject({ actor_id: officer.userId, details: { reference: d.json().reference } });
    const [tx] = await queryRows<{ description: string }>(
      t.db.db,
      sql`select description from transactions where id = ${d.json().id}`,
    );
    expect(tx!.description).toBe('Cash deposit'); // trimmed
  });

  it('replays the same reference: 200 with the original posting, posted once', async () => {
    const body = credit('10.5');
    const first = await post(numbers.active, body);
    expect(first.statusCode).toBe(201);
    const before = await snapshot();
    // "10.50" is the same amount as "10.5"; a new description does not make it another posting.
    const again = await post(numbers.active, { ...body, amount: '10.50', description: 'retry' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await snapshot()).toEqual(before);
  });

  it('refuses the same reference with other content: 409 reference_conflict, nothing posted', async () => {
    const body = credit('20');
    expect((await post(numbers.active, body)).statusCode).toBe(201);
    const before = await snapshot();
    for (const [number, changed] of [
      [numbers.active, { ...body, amount: '21' }],
      [numbers.active, { ...body, direction: 'debit' }],
      [numbers.other, body],
    ] as const) {
      const res = await post(number, changed);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: expect.stringContaining(body.reference),
        details: { code: 'reference_conflict' },
      });
    }
    const after = await snapshot();
    expect([after!.tx, after!.balances]).toEqual([before!.tx, before!.balances]);
  });

  it('is safe against concurrent duplicates: ten copies at once post once', async () => {
    const body = credit('7.77');
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(numbers.other, body)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    const [n] = await queryRows<{ n: string }>(
      t.db.db,
      sql`select count(*) as n from transactions where reference = ${body.reference}`,
    );
    expect(Number(n!.n)).toBe(1);
  });

  it('answers 404 for an unknown account and 409 for closed, blocked-for-debit and overdraft', async () => {
    const none = makeAccountNumber('999', 1);
    const missing = await post(none, credit('1'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(`No account found with number ${none}.`);
    // A typo is 400 before any lookup (ADR 0019).
    expect((await post('NO-SUCH-ACCT', credit('1'))).statusCode).toBe(400);
    const cases = [
      [numbers.closed, credit('1'), 'account_closed'],
      [numbers.blocked, { ...credit('1'), direction: 'debit' }, 'debit_blocked'],
      // Within the Officer's limit (Le 50,000), so the ledger, not four-eyes, answers.
      [numbers.other, { ...credit('49999'), direction: 'debit' }, 'insufficient_funds'],
    ] as const;
    for (const [number, body, code] of cases) {
      const before = await snapshot();
      const res = await post(number, body);
      expect(res.statusCode, code).toBe(409);
      expect(res.json()).toMatchObject({ error: expect.any(String), details: { code } });
      const after = await snapshot();
      expect([after!.tx, after!.balances], code).toEqual([before!.tx, before!.balances]);
      // The refusal itself is audited.
      expect(Number(after!.audits), code).toBe(Number(before!.audits) + 1);
    }
    // A blocked account still takes credits.
    expect((await post(numbers.blocked, credit('3'))).statusCode).toBe(201);
  });

  it('answers 400 for a bad body and changes nothing', async () => {
    const before = await snapshot();
    const bad: unknown[] = [
      {},
      { ...credit('1'), amount: 12.5 }, // a JSON number: never money
      { ...credit('1'), amount: '0' },
      { ...credit('1'), amount: '-5' },
      { ...credit('1'), amount: '1.005' },
      { ...credit('1'), amount: '1e3' },
      { ...credit('1'), direction: 'transfer' },
      { ...credit('1'), description: '   ' },
      { ...credit('1'), description: 'x'.repeat(141) },
      { ...credit('1'), reference: '' },
      { ...credit('1'), reference: 'has space' },
      { ...credit('1'), reference: 'r'.repeat(41) },
      { ...credit('1'), reference: 'TX000000000001' }, // reserved for system postings
      { ...credit('1'), counter_account: undefined }, // no single-sided posting: the other side is named
      { ...credit('1'), counter_account: 'cash' },
      { direction: 'credit', amount: '1', description: 'no reference' },
    ];
    for (const body of bad) {
      const res = await post(numbers.active, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect(await snapshot()).toEqual(before);
  });

  it('needs an activated caller: 401 without a token or with the anon key, 403 while pending', async () => {
    const before = await snapshot();
    expect((await post(numbers.active, credit('1'), null)).statusCode).toBe(401);
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${numbers.active}/transactions`,
      headers: { 'x-api-key': t.app.authService.anonKey },
      payload: credit('1'),
    });
    expect(anon.statusCode).toBe(401);
    expect((await post(numbers.active, credit('1'), 'Bearer not-a-token')).statusCode).toBe(401);
    const denied = await post(numbers.active, credit('1'), pending.auth);
    expect(denied.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('is in the OpenAPI document with every status', async () => {
    const doc = (
      await t.app.inject({ url: '/api/docs/json', headers: { authorization: officer.auth } })
    ).json();
    const op = doc.paths['/api/accounts/{number}/transactions'].post;
    expect(Object.keys(op.responses)).toEqual(
      expect.arrayContaining(['200', '201', '400', '401', '403', '404', '409']),
    );
  });
});

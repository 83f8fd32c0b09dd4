import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DORMANT_DEBIT_TEXT } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { cashAccount, openTill, ref, tellerScene } from '../../../test/support/teller.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * A Dormant account is where an insider's withdrawal goes unnoticed longest. Staff tried to debit one
 * by a teller withdrawal, a transfer out and an account posting: each is refused with debit_blocked,
 * nothing moves and the account stays Dormant. Credits still arrive; debits resume only after a
 * second person approves the reactivation.
 */
describe('a Dormant account takes no debit until a four-eyes reactivation', () => {
  let t: TestApp;
  let scene: Awaited<ReturnType<typeof tellerScene>>;
  let dormant: { id: number; number: string };
  let other: { id: number; number: string };

  const facts = async (id: number) =>
    (
      await queryRows<{ balance: string; status: string }>(
        t.app.db,
        sql`select balance::text, status from accounts where id = ${id}`,
      )
    )[0]!;
  const entriesOn = async (id: number) =>
    (
      await queryRows<{ n: number }>(
        t.app.db,
        sql`select count(*)::int as n from transactions where account_id = ${id}`,
      )
    )[0]!.n;
  const posting = (direction: 'credit' | 'debit', amount: string) =>
    scene.call('POST', `/api/accounts/${dormant.number}/transactions`, scene.sup, {
      direction,
      amount,
      description: 'Posting',
      reference: ref('POST'),
      counter_account: '1900',
    });

  beforeAll(async () => {
    t = await createTestApp();
    scene = await tellerScene(t.app);
    dormant = await cashAccount(t.app, { balance: '5000.00', status: 'Dormant' });
    other = await cashAccount(t.app, { balance: '10.00' });
    await openTill(scene, scene.teller);
  });
  afterAll(() => t.close());

  const expectRefused = async (res: { statusCode: number; body: string; json: () => unknown }) => {
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json() as { error: string; details: { code: string } };
    expect(body.details.code).toBe('debit_blocked');
    expect(body.error).toBe(DORMANT_DEBIT_TEXT);
  };

  it('refuses a teller withdrawal, a transfer out and a debit posting; the account stays Dormant', async () => {
    const lines = await entriesOn(dormant.id);
    await expectRefused(
      await scene.call('POST', '/api/teller/withdrawals', scene.teller, {
        reference: ref('WDL'),
        accountNumber: dormant.number,
        amount: '1000.00',
        partyName: 'Holder in person',
        partyIdNumber: 'NIN-9',
        signatureConfirmed: true,
      }),
    );
    await expectRefused(
      await scene.call('POST', '/api/transfers', scene.sup, {
        from_account: dormant.number,
        to_account: other.number,
        amount: '1000',
        narration: 'Out of a dormant account',
        reference: ref('TRF'),
      }),
    );
    await expectRefused(await posting('debit', '1000.00'));
    expect(await facts(dormant.id)).toEqual({ balance: '5000.00', status: 'Dormant' });
    expect(await facts(other.id)).toEqual({ balance: '10.00', status: 'Active' });
    expect(await entriesOn(dormant.id)).toBe(lines);
  });

  it('the database refuses a staff debit that bypasses the application', async () => {
    const err = await t.app.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into journal_entries (business_date, value_date, narration, source, reference)
          values (current_business_date(), current_business_date(), 'raw', 'posting', ${ref('RAW')})`);
        await tx.execute(sql`insert into transactions (account_id, direction, amount, balance_after, value_date, description, reference, entry_id)
          values (${dormant.id}, 'debit', 1, 4999, current_business_date(), 'raw', ${ref('RAWL')},
                  currval(pg_get_serial_sequence('journal_entries', 'id')))`);
      })
      .catch((e: unknown) => e);
    expect(String((err as { cause?: unknown }).cause ?? err)).toMatch(/Dormant/);
    expect(await facts(dormant.id)).toEqual({ balance: '5000.00', status: 'Dormant' });
  });

  it('accepts a credit, and the account stays Dormant', async () => {
    const res = await posting('credit', '100.00');
    expect(res.statusCode, res.body).toBe(201);
    expect(await facts(dormant.id)).toEqual({ balance: '5100.00', status: 'Dormant' });
  });

  it('reactivation is four-eyes: asked by one, approved by another; then debits post', async () => {
    const asked = await scene.call('POST', `/api/accounts/${dormant.number}/status`, scene.cso, {
      action: 'reactivate',
      reason: 'Customer came in with ID',
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { approvalId } = asked.json<{ approvalId: string }>();
    expect((await facts(dormant.id)).status).toBe('Dormant');
    await expectRefused(await posting('debit', '1000.00'));
    const own = await scene.call('POST', `/api/approvals/${approvalId}/approve`, scene.cso, {});
    expect(own.statusCode).toBe(403);
    const ok = await scene.call('POST', `/api/approvals/${approvalId}/approve`, scene.mgr, {});
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await facts(dormant.id)).status).toBe('Active');
    const debit = await posting('debit', '1000.00');
    expect(debit.statusCode, debit.body).toBe(201);
    expect(await facts(dormant.id)).toEqual({ balance: '4100.00', status: 'Active' });
  });
});

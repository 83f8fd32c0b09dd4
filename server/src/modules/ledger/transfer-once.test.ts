import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TransferRequest } from '@bankmanager/contracts';
import { createTestDb } from '../../../test/support/harness.ts';
import { accountBalance, openTestAccount } from '../../../test/support/banking-fixtures.ts';
import type { DbHandle } from '../../db/client.ts';
import type * as Prepared from '../../db/prepared.ts';
import { queryRows } from '../../db/rows.ts';
import { LedgerError } from './ledger-error.ts';
import { fromCents, toCents } from './money.ts';
import { postEntryOnce } from './post-entry-once.ts';
import { postEntry } from './post-entry.ts';
import { transferEntry } from './transfer.ts';
import { postTransferOnce } from './transfer-once.ts';

// Every statement of a posting goes through preparedRows or preparedStatement: counting their calls
// counts round trips.
const sent = vi.hoisted(() => vi.fn());
vi.mock('../../db/prepared.ts', async (original) => {
  const m = await original<typeof Prepared>();
  return {
    ...m,
    preparedRows: (...a: Parameters<typeof m.preparedRows>) => (sent(), m.preparedRows(...a)),
    preparedStatement: (text: string) => {
      const run = m.preparedStatement(text);
      return (...a: Parameters<typeof run>) => (sent(), run(...a));
    },
  };
});

/** postTransferOnce (one round trip, migration 0128) answers as transferEntry + postEntryOnce does. */
describe('a transfer in one round trip', () => {
  let h: DbHandle;
  let payer = '';
  let payee = '';
  beforeAll(async () => {
    h = await createTestDb();
    payer = await account({ funded: '500' });
    payee = await account();
  });
  afterAll(() => h.close());

  async function account(opts: Parameters<typeof openTestAccount>[1] & { funded?: string } = {}) {
    const { accountId } = await openTestAccount(h.db, opts);
    if (opts.funded)
      await postEntry(h.db, {
        source: 'posting',
        narration: 'Funding',
        lines: [
          { glCode: '1900', currency: opts.currency ?? 'SLE', side: 'debit', amount: opts.funded },
          { accountId, side: 'credit', amount: opts.funded },
        ],
        audit: { action: 'test.fund', targetType: 'account', targetId: String(accountId) },
      });
    const [r] = await queryRows<{ n: string }>(
      h.db,
      sql`select account_number as n from accounts where id = ${accountId}`,
    );
    return r!.n;
  }
  const actor = { id: null, email: 'teller@example.test', ip: '10.0.0.1' };
  const req = (reference: string, more: Partial<TransferRequest> = {}): TransferRequest => ({
    from_account: payer,
    to_account: payee,
    amount: '12.5',
    narration: 'Rent',
    reference,
    ...more,
  });
  const old = async (r: TransferRequest) =>
    postEntryOnce(h.db, await transferEntry(h.db, r, actor, { k: 1 }));
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => (e instanceof LedgerError ? [e.code, e.message] : e),
    );
  const auditOf = async (reference: string) =>
    (
      await queryRows<{ details: Record<string, unknown>; rest: Record<string, unknown> }>(
        h.db,
        sql`select details, jsonb_build_object('action', action, 'outcome', outcome, 'actor_email', actor_email,
                   'target_type', target_type, 'target_id', target_id, 'ip', host(ip)) as rest
            from audit_log where details->>'reference' = ${reference}`,
      )
    )[0]!;

  it('posts the same entry, lines and audit row as the two round trips did', async () => {
    sent.mockClear();
    const a = await old(req('T1-OLD'));
    expect(sent).toHaveBeenCalledTimes(2);
    sent.mockClear();
    const b = await postTransferOnce(h.db, req('T1-NEW'), actor, { k: 1 });
    expect(sent).toHaveBeenCalledTimes(1);
    expect(b.replayed).toBe(false);
    const shape = (e: typeof a) => {
      const { id, reference, posted_at, lines, ...rest } = e.posted!.entry;
      void [id, reference, posted_at];
      return { ...rest, lines: lines.map(({ id: lineId, ...l }) => (void lineId, l)) };
    };
    expect(shape(b)).toEqual(shape(a));
    expect(b.posted!.accountLines.map((l) => [l.accountNumber, l.side, l.amount, l.balanceAfter])).toEqual([
      [payer, 'debit', '12.50', '475.00'],
      [payee, 'credit', '12.50', '25.00'],
    ]);
    const [ao, an] = [await auditOf('T1-OLD'), await auditOf('T1-NEW')];
    const strip = (d: Record<string, unknown>) => ({ ...d, entryId: 0, reference: '' });
    expect(strip(an.details)).toEqual(strip(ao.details));
    expect(an.rest).toEqual(ao.rest);
    expect(an.details).toMatchObject({ from: payer, to: payee, amount: '12.5', rate: null, k: 1 });
  });

  it('refuses with the same codes and messages, and writes nothing', async () => {
    const closed = await account({ status: 'Closed' });
    const dollars = await account({ currency: 'USD' });
    const entries = async () =>
      Number((await queryRows<{ n: string }>(h.db, sql`select count(*) as n from journal_entries`))[0]!.n);
    const before = await entries();
    const cases: [string, Partial<TransferRequest>][] = [
      ['no payer', { from_account: '9009999999999' }],
      ['no payee', { to_account: '9009999999998' }],
      ['other currency', { to_account: dollars }],
      ['closed payee', { to_account: closed }],
      ['no funds', { amount: '100000' }],
      ['bad amount', { amount: '1.001' }],
    ];
    for (const [why, more] of cases) {
      const want = await refusal(old(req(`T2-${why}`, more)));
      expect(want, why).toEqual([expect.any(String), expect.any(String)]);
      expect(await refusal(postTransferOnce(h.db, req(`T2-${why}`, more), actor, { k: 1 })), why).toEqual(
        want,
      );
    }
    expect(await entries()).toBe(before);
  });

  it('replays the same request, and refuses the same reference with other lines', async () => {
    const first = await postTransferOnce(h.db, req('T3'), actor);
    const again = await postTransferOnce(h.db, req('T3'), actor);
    expect([again.replayed, again.entryId]).toEqual([true, first.entryId]);
    expect(await refusal(postTransferOnce(h.db, req('T3', { amount: '13' }), actor))).toEqual([
      'reference_conflict',
      expect.any(String),
    ]);
    // A reference the two round trips posted, asked again with other lines, is a conflict too.
    expect(await refusal(postTransferOnce(h.db, req('T1-OLD', { amount: '1' }), actor))).toEqual([
      'reference_conflict',
      expect.any(String),
    ]);
  });

  it("inside a caller's transaction a refusal leaves that transaction usable", async () => {
    const before = await accountBalance(h.db, Number(await idOf(payer)));
    const kept = await h.db.transaction(async (tx) => {
      const refused = await refusal(postTransferOnce(tx, req('T4-NO', { amount: '100000' }), actor));
      expect((refused as string[])[0]).toBe('insufficient_funds');
      return postTransferOnce(tx, req('T4-YES', { amount: '2' }), actor);
    });
    expect(kept.posted!.accountLines[0]!.balanceAfter).toBe(fromCents(toCents(before) - 200n));
  });

  const idOf = async (n: string) =>
    (await queryRows<{ id: string }>(h.db, sql`select id from accounts where account_number = ${n}`))[0]!.id;
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/support/harness.ts';
import type { DbHandle } from '../../db/client.ts';
import { openTestAccount } from '../../../test/support/banking-fixtures.ts';
import { findAccount, listTransactions, type AccountRef } from './repository.ts';
import { buildStatement } from './statement.ts';
import { statementCsv } from './statement-csv.ts';
import { postAt } from '../../../test/support/postings.ts';

describe('account enquiry repository', () => {
  let h: DbHandle;
  let account: AccountRef;
  beforeAll(async () => {
    h = await createTestDb();
    const { accountId } = await openTestAccount(h.db, { type: 'Current', overdraftLimit: '1000' });
    for (let day = 1; day <= 25; day++) {
      const ts = `2026-03-${String(day).padStart(2, '0')}T10:00:00.123456Z`;
      await postAt(
        h.db,
        accountId,
        ts,
        day % 3 === 0 ? 'debit' : 'credit',
        `${day * 100}.25`,
        day === 7 ? '=HYPERLINK("x")' : undefined,
      );
    }
    const found = await h.db.query.accounts.findFirst({ where: (a, { eq }) => eq(a.id, accountId) });
    account = (await findAccount(h.db, found!.accountNumber))!;
  });
  afterAll(() => h.close());

  it('finds an account with holder, branch and a decimal balance', async () => {
    expect(account).toMatchObject({
      accountType: 'Current',
      currency: 'SLE',
      status: 'Active',
      dateOpened: '2026-01-01',
      branch: 'Test Branch',
    });
    expect(account.balance).toMatch(/^\d+\.\d{2}$/);
    expect(await findAccount(h.db, 'NOPE-0000')).toBeNull();
  });

  it('pages newest first with a cursor: no gaps and no repeats, even while new postings arrive', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let first = true;
    do {
      const page = await listTransactions(h.db, account.id, 7, cursor);
      seen.push(...page.items.map((t) => t.id));
      if (first) {
        // A posting arriving after the first page is newer than everything paged so far.
        await postAt(h.db, account.id, '2026-04-01T09:00:00.000001Z', 'credit', '1.00');
        first = false;
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    const ids = seen.map(Number);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('rejects a forged cursor with a 400', async () => {
    await expect(listTransactions(h.db, account.id, 5, 'not-a-cursor')).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('builds a statement whose opening and closing balances agree with the postings', async () => {
    const s = await buildStatement(h.db, account, '2026-03-10', '2026-03-19');
    expect(s.lines).toHaveLength(10);
    const prevDay = (await listTransactions(h.db, account.id, 100)).items.find((t) =>
      t.date.startsWith('2026-03-09'),
    )!;
    expect(s.openingBalance).toBe(prevDay.balance);
    expect(s.closingBalance).toBe(s.lines.at(-1)!.balance);
    const cents = (v: string) => BigInt(v.replace('.', ''));
    expect(cents(s.openingBalance) + cents(s.totalCredits) - cents(s.totalDebits)).toBe(
      cents(s.closingBalance),
    );
    let running = cents(s.openingBalance);
    for (const l of s.lines) {
      running += l.type === 'credit' ? cents(l.amount) : -cents(l.amount);
      expect(cents(l.balance)).toBe(running);
    }
  });

  it('gives an empty period the same opening and closing balance', async () => {
    const s = await buildStatement(h.db, account, '2026-05-01', '2026-05-31');
    expect(s.lines).toEqual([]);
    expect(s.openingBalance).toBe(s.closingBalance);
  });

  it('neutralises formula cells in the CSV statement', async () => {
    const csv = statementCsv(await buildStatement(h.db, account, '2026-03-01', '2026-03-31'));
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv).not.toMatch(/(^|,)=/m);
    expect(csv).toContain('Opening balance,0.00');
  });
});

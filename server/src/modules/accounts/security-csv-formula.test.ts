import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { queryRows } from '../../db/rows.ts';
import { openTestAccount } from '../../../test/support/banking-fixtures.ts';

/**
 * Finding 11 of the security review (docs/security.md): a member of staff posts with a description that
 * hides a formula behind a zero-width character, a BOM or a full-width sign; the exported statement
 * must show it as text.
 */
describe('security: CSV formula guard on exports (over HTTP)', () => {
  let t: TestApp;
  let base: string;
  let officer: StaffUser;
  let number = '';
  beforeAll(async () => {
    t = await createTestApp();
    const staff = await staffUsers(t.app);
    base = staff.baseUrl;
    officer = await staff.make('activated');
    const { accountId } = await openTestAccount(t.db.db);
    const [a] = await queryRows<{ account_number: string }>(
      t.db.db,
      sql`select account_number from accounts where id = ${accountId}`,
    );
    number = a!.account_number;
  });
  afterAll(() => t.close());

  const hostile = [
    '\u200B=HYPERLINK("http://evil.example","Refund")',
    // The server trims the description (a leading BOM alone would go), so the BOM hides behind a ZWNJ.
    '\u200C\uFEFF+cmd',
    '\uFF1D1+1',
    '\uFF0B1',
    '\uFF0D1',
    '\uFF20SUM(A1)',
  ];

  it('posts hostile descriptions, then the CSV statement shows every one of them as text', async () => {
    let i = 0;
    for (const description of hostile) {
      const res = await fetch(`${base}/api/accounts/${number}/transactions`, {
        method: 'POST',
        headers: { authorization: officer.auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          direction: 'credit',
          amount: '10',
          description,
          reference: `CSV-${++i}`,
          counter_account: '1900',
        }),
      });
      expect(res.status, description).toBe(201);
    }
    const today = new Date().toISOString().slice(0, 10);
    const res = await fetch(`${base}/api/accounts/${number}/statement?from=${today}&to=${today}&format=csv`, {
      headers: { authorization: officer.auth },
    });
    expect(res.status).toBe(200);
    const cells = (await res.text()).split('\r\n').flatMap((line) => line.split(','));
    for (const description of hostile) {
      const first = description.split(',')[0]!;
      // Quoted cells start with `"'`, plain ones with `'`: either way the apostrophe comes first.
      const cell = cells.find((c) =>
        c.replace(/^"/, '').replace(/^'/, '').startsWith(first.replace(/"/g, '""')),
      );
      expect(cell, description).toBeDefined();
      expect(cell!.replace(/^"/, '').startsWith("'"), description).toBe(true);
    }
  });
});

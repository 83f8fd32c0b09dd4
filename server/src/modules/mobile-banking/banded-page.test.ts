import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { RegisteredUserSort } from '@bankmanager/contracts';
import { createTestDb } from '../../../test/support/harness.ts';
import { ensureReferenceData, SUSPENSE_GL } from '../../../test/support/banking-fixtures.ts';
import { postBulkEntry } from '../ledger/index.ts';
import type { DbHandle } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { containsPattern } from '../../lib/search-pattern.ts';
import { SELECT_RECORD, toRecord, type Row } from './query-parts.ts';
import { comparesBytewise } from './byte-order.ts';
import { countedSearchPage } from './search-page.ts';
import { pageRegisteredUsers } from './repository.ts';
import type * as ByteOrder from './byte-order.ts';
import type * as BandedPage from './banded-page.ts';

// The database's collation can be faked (a linguistic one, say), and the banded pages are counted.
const seen = vi.hoisted(() => ({ bytewise: undefined as boolean | undefined, banded: [] as string[] }));
vi.mock('./byte-order.ts', async (original) => {
  const real = await original<typeof ByteOrder>();
  return {
    ...real,
    comparesBytewise: async (...a: Parameters<typeof real.comparesBytewise>) =>
      seen.bytewise ?? real.comparesBytewise(...a),
  };
});
vi.mock('./banded-page.ts', async (original) => {
  const real = await original<typeof BandedPage>();
  return {
    ...real,
    bandedPage: (...a: Parameters<typeof real.bandedPage>) => {
      seen.banded.push(a[0].sort);
      return real.bandedPage(...a);
    },
  };
});

// Names that share their first 6 characters (the name's band), are shorter than a band, are a
// prefix of one another, differ only in case or accents, and repeat (ties broken by cust_id).
const GIVEN = ['Kamara', 'kamara', 'KAMARA', 'Kamar', 'Kam', 'Kama', 'Kamanda', 'Kamandé', 'Kámara', 'Akam'];
const MORE = ['Kamara-Bah', 'Kamara Bah', 'Kamaraa', 'Kamb', 'kam', 'Ökam', 'Zkam', 'Ikamba', 'Kamara-bah'];
const SURNAMES = ['', ' Abu', ' abu', ' Zainab'];
const N = 320;

/** The plain order of the joined record, as the screen defines it (no bands). */
const PLAIN: Record<RegisteredUserSort, string> = {
  id: 'c.cust_id',
  name: 'c.name',
  mobile: 's.mobile_no',
  balance: 'a.balance',
};

describe('a search page sorted from bands of its hits equals the plain sort', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
    await ensureReferenceData(h.db);
    const given = [...GIVEN, ...MORE];
    const names = Array.from({ length: N }, (_, i) => `${given[i % given.length]}${SURNAMES[(i * 7) % 4]}`);
    // Mobiles share their first 8 characters (the mobile's band) in a few groups, and repeat.
    const mobiles = Array.from(
      { length: N },
      (_, i) => `+2327${i % 3}${(i * 37) % 11}${String(i % 40).padStart(4, '0')}`,
    );
    // Balances repeat and spread over many balance bands (0 to 2.5M).
    const balances = Array.from({ length: N }, (_, i) => (((i * 7919) % 97) ** 3 / 3.7).toFixed(2));
    const seed = JSON.stringify(names.map((name, i) => ({ name, mobile: mobiles[i], balance: balances[i] })));
    const people = sql`select * from jsonb_to_recordset(${seed}::jsonb) as u(name text, mobile text, balance numeric)`;
    await h.db.execute(sql`with c as (
        insert into customers (name, type, mobile_no, status, branch_code)
        select name, 'private', mobile, 'Active', 'T01' from (${people}) u returning cust_id, mobile_no),
      a as (
        insert into accounts (account_number, cust_id, product_code, account_type, currency, status, opened_on, branch_code, ledger_code)
        select make_account_number('900', nextval('account_serial_seq')), c.cust_id, 'T-SAV', 'Savings', 'SLE', 'Active',
               date '2026-01-01', 'T01', '2020'
        from c returning id, cust_id)
      insert into mobile_banking_subscriptions (cust_id, mobile_no, pay_account_id, subscribed, updated_by, version)
      select c.cust_id, c.mobile_no, a.id, true, 'test', 1 from c join a on a.cust_id = c.cust_id`);
    const cents = balances.reduce((sum, b) => sum + Math.round(Number(b) * 100), 0);
    await postBulkEntry(h.db, {
      source: 'system',
      narration: 'Opening balances',
      reference: 'BANDED-PAGE-SEED',
      lines: [{ glCode: SUSPENSE_GL, currency: 'SLE', side: 'debit', amount: (cents / 100).toFixed(2) }],
      bulk: {
        side: 'credit',
        rows: sql`select s.pay_account_id as account_id, u.balance as amount, null::text as description
          from (${people}) u join mobile_banking_subscriptions s on s.mobile_no = u.mobile where u.balance > 0`,
      },
      audit: { action: 'test.bulk', targetType: 'test', targetId: 'seed' },
    });
  });
  afterAll(() => h.close());

  const plainPage = async (q: string, sort: RegisteredUserSort, order: 'asc' | 'desc', offset: number) => {
    const p = containsPattern(q);
    const dir = sql.raw(order);
    const rows = await queryRows<Row>(
      h.db,
      sql`${SELECT_RECORD}
        where c.name ilike ${p} or lpad(c.cust_id::text, 6, '0') like ${p} or s.mobile_no like ${p}
        order by ${sql.raw(PLAIN[sort])} ${dir}, c.cust_id ${dir} limit 10 offset ${offset}`,
    );
    return rows.map(toRecord);
  };

  it('the test database compares text byte-wise (PGlite: C; the test server: C.UTF-8)', async () => {
    expect(await comparesBytewise(h.db)).toBe(true);
  });

  // "kam" is in every name, "2327" in every mobile (and no id): all hits are sorted from their bands.
  // Pages start every 7 positions (so every band edge falls inside a page of 10) and at the end.
  it.each(['kam', '2327'])('every page, every sort, both orders (q=%s)', async (q) => {
    for (const sort of ['id', 'name', 'mobile', 'balance'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const total = (await countedSearchPage(h.db, { q, sort, order, offset: 0, limit: 10 }, 0, true))
          .total;
        const offsets = Array.from({ length: total + 3 }, (_, i) => i).filter(
          (i) => i % 7 === 0 || i > total - 12,
        );
        for (const offset of offsets) {
          const expected = await plainPage(q, sort, order, offset);
          const window = { q, sort, order, offset, limit: 10 };
          for (const textBands of [true, false]) {
            const got = await countedSearchPage(h.db, window, 0, textBands);
            expect(got.total).toBe(total);
            // Past the end nothing is sorted (rows: null) and the plain page is empty.
            expect(got.rows ?? [], `${sort} ${order} @${offset} text bands ${textBands}`).toEqual(expected);
          }
          expect((await pageRegisteredUsers(h.db, window, 0, 0)).rows).toEqual(expected);
        }
      }
    }
  });

  // Under a collation that is not byte-wise (faked), names and mobiles sort all their hits: the same pages.
  it.each([false, true])(
    'byte-wise %s: prefix bands only where text compares byte-wise',
    async (bytewise) => {
      seen.bytewise = bytewise;
      try {
        for (const sort of ['name', 'mobile', 'balance'] as const) {
          for (const order of ['asc', 'desc'] as const) {
            for (const offset of [0, 95, 200, 315]) {
              seen.banded = [];
              const window = { q: 'kam', sort, order, offset, limit: 10 };
              const page = await pageRegisteredUsers(h.db, window, 0, 0);
              expect(page.rows).toEqual(await plainPage('kam', sort, order, offset));
              expect(seen.banded).toEqual(bytewise || sort === 'balance' ? [sort] : []);
            }
          }
        }
      } finally {
        seen.bytewise = undefined;
      }
    },
  );
});

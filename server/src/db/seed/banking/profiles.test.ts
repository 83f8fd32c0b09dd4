import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { NIN_PATTERN, customerCreateSchema } from '@bankmanager/contracts';
import { createTestDb } from '../../../../test/support/harness.ts';
import type { DbHandle } from '../../client.ts';
import { queryRows } from '../../rows.ts';
import { seedBanking } from './index.ts';

/** The full-record and KYC fields of seeded customers: believable and valid under the contracts' own schemas. */
describe('seeded customer profiles', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
    await h.db.transaction((tx) => seedBanking(tx, { customers: 3000, transactionsPerAccount: 1, seed: 7 }));
  });
  afterAll(() => h.close());

  it('fills NINs in the researched shape, districts, rare PEPs with EDD, corporates with directors', async () => {
    const [s] = await queryRows<Record<string, number>>(
      h.db,
      sql`select count(*) filter (where id_type = 'national_id' and id_number !~ ${NIN_PATTERN.source})::int as bad_nin,
            count(*) filter (where district is null)::int as no_district,
            count(*) filter (where pep)::int as peps,
            count(*) filter (where pep and (edd_notes is null or risk_rating <> 'high'))::int as pep_without_edd,
            (select count(distinct cust_id)::int from customer_relations) as with_directors
          from customers`,
    );
    expect(s).toMatchObject({ bad_nin: 0, no_district: 0, pep_without_edd: 0 });
    expect(s!.peps).toBeLessThan(30);
    expect(s!.with_directors).toBeGreaterThan(5);
  });

  it('stores profiles the create schema accepts (complete individuals, corporates with directors)', async () => {
    const rows = await queryRows<{ profile: unknown }>(
      h.db,
      sql`(select profile from customers where type in ('private', 'employee') and kyc_complete order by cust_id limit 150)
          union all
          (select profile from customers c where kyc_complete and exists (select 1 from customer_relations r where r.cust_id = c.cust_id) limit 50)`,
    );
    const schema = customerCreateSchema('2026-10-31');
    const failures = rows.map((r) => schema.safeParse(r.profile)).filter((r) => !r.success);
    expect(failures.map((f) => f.error?.issues[0])).toEqual([]);
  });
});

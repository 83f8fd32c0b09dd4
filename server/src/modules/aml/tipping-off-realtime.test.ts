import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, listen, type TestApp } from '../../../test/support/harness.ts';
import { closeAll, realtimeUser, subscribe } from '../../../test/support/realtime.ts';
import { setRoles } from '../../../test/support/roles.ts';
import { queryRows } from '../../db/rows.ts';
import { PUBLISHED_TABLES } from '../realtime/index.ts';

const AML_TABLES = ['aml_alerts', 'aml_cases', 'aml_case_events', 'aml_rules'];

/** Tipping-off over realtime: no topic carries an alert, a case or a rule to anyone. */
describe('AML tables on realtime', () => {
  let t: TestApp;
  let baseUrl: string;
  const clients: Awaited<ReturnType<typeof realtimeUser>>['client'][] = [];
  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await listen(t.app);
  });
  afterAll(async () => {
    await closeAll(clients);
    await t.close();
  });

  it('are not published, and carry no change trigger', async () => {
    expect(PUBLISHED_TABLES.map((p) => p.name).filter((n) => AML_TABLES.includes(n))).toEqual([]);
    const triggers = await queryRows<{ rel: string }>(
      t.app.db,
      // The filing tables' BEFORE triggers only refuse changes (aml_*_frozen) and notify no one.
      sql`select c.relname as rel from pg_trigger g join pg_class c on c.oid = g.tgrelid
          join pg_proc p on p.oid = g.tgfoid
          where c.relname like 'aml\\_%' and not g.tgisinternal and p.proname not like '%\\_frozen'`,
    );
    expect(triggers).toEqual([]);
  });

  it('refuses a teller’s subscription to their changes', async () => {
    const u = await realtimeUser(baseUrl, t.app, 'amlrt');
    clients.push(u.client);
    await t.app.db.execute(sql`update staff set approved = true where user_id = ${u.userId}`);
    await setRoles(t.app, u.userId, ['teller']);
    for (const table of AML_TABLES) {
      const ch = u.client
        .channel(`spy-${table}`)
        .on('postgres_changes', { event: '*', schema: 'public', table }, () => {
          throw new Error(`a change of ${table} reached a teller`);
        });
      const outcome = await subscribe(ch);
      expect(outcome.status, table).toBe('CHANNEL_ERROR');
      expect(outcome.error?.message).toMatch(/not published/);
    }
  });
});

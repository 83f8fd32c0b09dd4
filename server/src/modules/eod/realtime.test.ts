import { sql } from 'drizzle-orm';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listen, type TestApp } from '../../../test/support/harness.ts';
import { eodProducts, openAccount, setBusinessDate } from '../../../test/support/eod.ts';
import { closeAll, inbox, realtimeUser, subscribe, until } from '../../../test/support/realtime.ts';
import { eodRunnerFor } from './runners.ts';

type StepChange = {
  eventType: string;
  new: { run_id: string; step: string; status: string; rows_done: string };
};

describe('the run screen’s live feed: eod_run_steps on /realtime/v1', () => {
  let t: TestApp;
  let baseUrl: string;
  const clients: SupabaseClient[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    await eodProducts(t.app);
    await setBusinessDate(t.app, '2026-11-24');
    await openAccount(t.app, { product: 'E-SAV', deposit: '1000.00' });
    baseUrl = await listen(t.app);
  });
  afterAll(async () => {
    await closeAll(clients);
    await t.close();
  });

  it('sends each step’s progress to holders of eod.run as it commits, and nothing to others', async () => {
    const make = async (prefix: string, superuser: boolean) => {
      const u = await realtimeUser(baseUrl, t.app, prefix);
      clients.push(u.client);
      await t.app.db.execute(
        sql`update staff set approved = true, is_superuser = ${superuser} where user_id = ${u.userId}`,
      );
      // A fresh sign-in carries the new flags; realtime reads the caller when the channel joins.
      return u;
    };
    const [maker, checker, clerk] = [
      await make('eodrtm', true),
      await make('eodrtc', true),
      await make('eodrtx', false),
    ];
    const feeds = await Promise.all(
      [checker, clerk].map(async (u) => {
        const got = inbox<StepChange>();
        await u.client.realtime.setAuth(u.session.access_token);
        const ch = u.client
          .channel(`eod-${u.userId}`)
          .on('postgres_changes', { event: '*', schema: 'public', table: 'eod_run_steps' }, (p) =>
            got.push(p as unknown as StepChange),
          );
        expect((await subscribe(ch)).status).toBe('SUBSCRIBED');
        return got;
      }),
    );
    const api = (path: string, token: string, body: unknown = {}) =>
      fetch(`${baseUrl}/api${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const asked = await api('/eod/runs', maker.session.access_token);
    expect(asked.status).toBe(202);
    const { approvalId } = (await asked.json()) as { approvalId: string };
    expect((await api(`/approvals/${approvalId}/approve`, checker.session.access_token)).status).toBe(200);
    eodRunnerFor(t.app.dbHandle)!.kick();
    const [seen, unseen] = feeds as [
      ReturnType<typeof inbox<StepChange>>,
      ReturnType<typeof inbox<StepChange>>,
    ];
    await until(() => seen.items.some((c) => c.new.step === 'advance_date' && c.new.status === 'done'));
    const accrual = seen.items.filter((c) => c.new.step === 'credit_accrual').map((c) => c.new.status);
    expect(accrual).toContain('running');
    expect(accrual.at(-1)).toBe('done');
    expect(unseen.items).toEqual([]);
  });
});

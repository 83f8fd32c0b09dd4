import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TELLER_REFUSAL_TEXT, type Till } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';
import { BRANCH, leones, ref, tellerScene } from '../../../test/support/teller.ts';
import { queryRows } from '../../db/rows.ts';

/** The till register (Teller administration) and the opening's check against it, over HTTP. */
describe('the till register', () => {
  let t: TestApp;
  let scene: Awaited<ReturnType<typeof tellerScene>>;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: StaffUser, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: who.auth }, ...(payload ? { payload } : {}) });
  const open = (who: StaffUser, tillCode: string, branch?: string) =>
    call('POST', '/api/teller/sessions', who, {
      reference: ref('OPEN'),
      tillCode,
      currency: 'SLE',
      allocation: leones('0.00'),
      ...(branch ? { branch } : {}),
    });
  const audits = async (action: string) => {
    const [r] = await queryRows<{ n: string }>(
      t.db.db,
      sql`select count(*) as n from audit_log where action = ${action}`,
    );
    return Number(r!.n);
  };
  let free: Till;
  let assigned: Till;

  beforeAll(async () => {
    t = await createTestApp();
    scene = await tellerScene(t.app);
  });
  afterAll(() => t.close());

  it('lets a branch without a register open on a typed code, and the migration registers it', async () => {
    const r = await open(scene.away, 'OLD-7');
    expect(r.statusCode).toBe(201);
    // The migration's last statement registers the codes sessions used; it is safe to run again.
    const migration = readFileSync(
      new URL('../../db/migrations/0099_till_register.sql', import.meta.url),
      'utf8',
    );
    await t.db.db.execute(sql.raw(migration.split('--> statement-breakpoint').at(-1)!));
    const [till] = await queryRows<{ code: string; name: string; active: boolean; teller: string | null }>(
      t.db.db,
      sql`select code, name, active, assigned_teller_id as teller from tills where branch_code = '202'`,
    );
    expect(till).toEqual({ code: 'OLD-7', name: 'OLD-7', active: true, teller: null });
  });

  it('registers tills for the head teller of the branch only, audited', async () => {
    const before = await audits('teller.till_create');
    const a = await call('POST', '/api/teller/tills', scene.sup, { code: 'till-a', name: 'Front counter A' });
    expect(a.statusCode).toBe(201);
    free = a.json<Till>();
    expect(free).toMatchObject({ branch: BRANCH, code: 'TILL-A', assignedTellerId: null, active: true });
    const b = await call('POST', '/api/teller/tills', scene.sup, {
      code: 'TILL-B',
      name: 'Back counter B',
      assignedTellerId: scene.teller.userId,
    });
    expect(b.statusCode).toBe(201);
    assigned = b.json<Till>();
    expect(assigned.assignedTellerName).toBeTruthy();
    expect(await audits('teller.till_create')).toBe(before + 2);
    // A teller may not keep the register; a supervisor not another branch's.
    expect(
      (await call('POST', '/api/teller/tills', scene.teller, { code: 'T-X', name: 'X' })).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/teller/tills', scene.teller)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/teller/tills', scene.sup, { branch: '202', code: 'T-X', name: 'X' }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses bad input on its field and a code the branch already has, changing nothing', async () => {
    const before = await queryRows<{ n: string }>(t.db.db, sql`select count(*) as n from tills`);
    const bad = await call('POST', '/api/teller/tills', scene.sup, { code: 'no spaces!', name: '' });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json<{ details: { path: string }[] }>().details.map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['/code', '/name']));
    const taken = await call('POST', '/api/teller/tills', scene.sup, { code: 'TILL-A', name: 'Again' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: TELLER_REFUSAL_TEXT.till_code_taken });
    // Only a teller of the till's branch may be assigned to it.
    const away = await call('POST', '/api/teller/tills', scene.sup, {
      code: 'TILL-C',
      name: 'C',
      assignedTellerId: scene.away.userId,
    });
    expect(away.statusCode).toBe(400);
    expect(away.json().details[0].path).toBe('/assignedTellerId');
    const none = await call('PUT', `/api/teller/tills/${crypto.randomUUID()}`, scene.sup, {
      name: 'X',
      assignedTellerId: null,
      active: true,
    });
    expect(none.statusCode).toBe(404);
    expect(await queryRows(t.db.db, sql`select count(*) as n from tills`)).toEqual(before);
  });

  it('lists the branch’s register paged and searched, and each teller the tills they may open', async () => {
    const list = await call('GET', '/api/teller/tills?q=back&pageSize=10', scene.sup);
    expect(list.statusCode).toBe(200);
    expect(list.json<Till[]>().map((x) => x.code)).toEqual(['TILL-B']);
    expect(list.headers['x-total-count']).toBe('1');
    const all = await call('GET', '/api/teller/tills', scene.sup);
    expect(all.json<Till[]>().map((x) => x.code)).toEqual(['TILL-A', 'TILL-B']);
    const mine = await call('GET', '/api/teller/tills/mine', scene.teller);
    expect(mine.json<Till[]>().map((x) => x.code)).toEqual(['TILL-A', 'TILL-B']);
    const theirs = await call('GET', '/api/teller/tills/mine', scene.teller2);
    expect(theirs.json<Till[]>().map((x) => x.code)).toEqual(['TILL-A']);
    const tellers = await call('GET', '/api/teller/tills/tellers', scene.sup);
    expect(tellers.json<{ id: string }[]>().map((x) => x.id)).toEqual(
      expect.arrayContaining([scene.teller.userId, scene.teller2.userId]),
    );
  });

  it('opens a session only on an active till of the branch that is free or the teller’s own', async () => {
    const refused = async (code: string, who: StaffUser, reason: keyof typeof TELLER_REFUSAL_TEXT) => {
      const r = await open(who, code);
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ error: TELLER_REFUSAL_TEXT[reason], details: { code: reason } });
    };
    await refused('TILL-9', scene.teller2, 'till_unknown');
    await refused('TILL-B', scene.teller2, 'till_assigned_elsewhere');
    const before = await audits('teller.till_update');
    const off = await call('PUT', `/api/teller/tills/${free.id}`, scene.sup, {
      name: free.name,
      assignedTellerId: null,
      active: false,
    });
    expect(off.json<Till>().active).toBe(false);
    expect(await audits('teller.till_update')).toBe(before + 1);
    await refused('TILL-A', scene.teller2, 'till_inactive');
    expect((await call('GET', '/api/teller/tills/mine', scene.teller2)).json()).toEqual([]);
    await call('PUT', `/api/teller/tills/${free.id}`, scene.sup, {
      name: free.name,
      assignedTellerId: null,
      active: true,
    });
    expect((await open(scene.teller2, 'till-a')).statusCode).toBe(201);
    expect((await open(scene.teller, 'TILL-B')).statusCode).toBe(201);
  });
});

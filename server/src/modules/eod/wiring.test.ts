import { describe, expect, it } from 'vitest';
import type { EodPrechecks } from '@bankmanager/contracts';
import { EOD_BRANCH, useEodScene } from '../../../test/support/eod.ts';
import { fundVault, leones, ref } from '../../../test/support/teller.ts';
import { setRoles } from '../../../test/support/roles.ts';
import { runDueStandingOrders } from '../payments/index.ts';
import { loanBookEodHooks } from '../loan-book/index.ts';
import { openTillSessions } from '../teller/index.ts';

/** app.ts plugs the teller's open tills and payments' standing orders into end of day. */
describe('end of day wired to the teller and payments modules', () => {
  const scene = useEodScene('2026-11-24');

  it('asks the real modules, not test doubles', () => {
    expect(scene.t.app.eodHooks.openTillSessions).toBe(openTillSessions);
    expect(scene.t.app.eodHooks.runDueStandingOrders).toBe(runDueStandingOrders);
    expect(scene.t.app.eodHooks.loanBook).toBe(loanBookEodHooks);
  });

  it('refuses to start while a teller has a till open at the counter', async () => {
    const { t, staff } = scene;
    await fundVault(t.app, EOD_BRANCH, '100000.00', '1000.00');
    await setRoles(t.app, staff.clerk.userId, ['teller'], EOD_BRANCH);
    const opened = await staff.call('POST', '/api/teller/sessions', staff.clerk, {
      reference: ref('OPEN'),
      tillCode: 'TILL-EOD',
      currency: 'SLE',
      allocation: leones('5000.00'),
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const checks = (await staff.call('GET', '/api/eod/prechecks', staff.maker)).json<EodPrechecks>();
    const tills = checks.checks.find((c) => c.key === 'tills_closed')!;
    expect(tills.state).toBe('fail');
    expect(tills.items[0]).toMatchObject({ teller: staff.clerk.email, branch: EOD_BRANCH });
    const refused = await staff.call('POST', '/api/eod/runs', staff.maker, { acknowledgeSuspense: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details).toMatchObject({ code: 'precheck_failed', failed: ['tills_closed'] });
  });
});

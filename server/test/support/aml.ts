import { sql } from 'drizzle-orm';
import type { AmlAlert, AmlScenario } from '@bankmanager/contracts';
import type { App } from '../../src/app.ts';
import { queryRows } from '../../src/db/rows.ts';
import { setRoles } from './roles.ts';
import type { StaffUser } from './staff-users.ts';
import { BRANCH, openTill, ref, tellerScene } from './teller.ts';

/** The teller scene plus an MLRO and a customer service officer (the relationship officer), and an open till. */
export async function amlScene(app: App) {
  const scene = await tellerScene(app);
  const [mlro, comp2] = (await Promise.all(
    ['mlro', 'compb'].map((p) => scene.makeStaff('activated', p)),
  )) as [StaffUser, StaffUser];
  await setRoles(app, mlro.userId, ['mlro'], BRANCH);
  await setRoles(app, comp2.userId, ['compliance'], BRANCH);
  await openTill(scene, scene.teller, '50000.00');
  const deposit = (accountNumber: string, amount: string) =>
    scene.call('POST', '/api/teller/deposits', scene.teller, {
      reference: ref('DEP'),
      accountNumber,
      amount,
      partyName: 'Depositor In Person',
      partyIdNumber: 'NIN-77',
    });
  /** The alerts of one scenario, as a Compliance Officer reads them over HTTP. */
  const alerts = async (scenario: AmlScenario) => {
    const r = await scene.call('GET', `/api/aml/alerts?scenario=${scenario}&pageSize=100`, scene.comp);
    if (r.statusCode !== 200) throw new Error(`alerts: ${r.statusCode} ${r.body}`);
    return r.json<AmlAlert[]>();
  };
  const today = async () =>
    (await queryRows<{ d: string }>(app.db, sql`select current_business_date()::text as d`))[0]!.d;
  return { ...scene, mlro, comp2, deposit, alerts, today };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CUSTOMER_ACTIONS, CUSTOMER_ACTION_LIST, type CustomerStatus } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { customerStaff, giveDocuments, privateCustomer } from '../../../test/support/customers.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';

/**
 * Model-based: any sequence of lifecycle actions gets, from the server, exactly what the contracts'
 * table says: refused (409) when `from` does not hold, otherwise the table's `to` — at once, or after
 * a second person approves a four-eyes request.
 */
describe('the lifecycle table, as the server enforces it', () => {
  let t: TestApp;
  let boss: StaffUser, comp: StaffUser, cso: StaffUser;
  const call = (who: StaffUser, url: string, payload?: object) =>
    t.app.inject({ method: payload ? 'POST' : 'GET', url, headers: { authorization: who.auth }, payload });

  beforeAll(async () => {
    t = await createTestApp();
    ({ comp, cso, boss } = await customerStaff(t.app));
  });
  afterAll(() => t.close());

  it('agrees with CUSTOMER_ACTIONS for random action sequences', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...CUSTOMER_ACTION_LIST), { minLength: 1, maxLength: 6 }),
        async (actions) => {
          const id = (await call(cso, '/api/customers', privateCustomer())).json().id as number;
          await giveDocuments(t.app, id);
          let status: CustomerStatus = 'Pending';
          for (const action of actions) {
            const rule = CUSTOMER_ACTIONS[action];
            const res = await call(boss, `/api/customers/${id}/status`, { action, reason: 'Property test' });
            if (!(rule.from as readonly string[]).includes(status)) {
              expect(res.statusCode).toBe(409);
              continue;
            }
            expect(res.statusCode).toBe(rule.fourEyes ? 202 : 200);
            if (rule.fourEyes)
              expect(
                (await call(comp, `/api/approvals/${res.json().approvalId}/approve`, {})).statusCode,
              ).toBe(200);
            status = rule.to;
            expect((await call(comp, `/api/customers/${id}/360`)).json().status).toBe(status);
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { PERMISSION_TEXT } from '@bankmanager/contracts';
import { useBrowser } from '../support/browser.ts';
import { apiAsUser, signInAsDemo } from '../support/auth.ts';
import { activatedStaff, call, grantSuperuser } from '../support/staff.ts';

describe('roles and four-eyes approvals', () => {
  const browser = useBrowser();

  it("an Officer's large posting becomes a request; the maker cannot approve it; a checker does; the balance moves once", async () => {
    const admin = await browser.newPage();
    await signInAsDemo(admin);
    const maker = await browser.newPage();
    const officer = await activatedStaff(admin, maker, 'maker');

    const [subscriber] = await apiAsUser<{ pay_acct: string }[]>(admin, '/api/registered-users?pageSize=1');
    const account = subscriber!.pay_acct;
    const balance = async () =>
      (await apiAsUser<{ balance: string }>(admin, `/api/accounts/${account}`)).balance;
    const before = await balance();

    const reference = `E2E${Date.now()}`;
    const posted = await call(maker, 'POST', `/api/accounts/${account}/transactions`, {
      direction: 'credit',
      amount: '75000.00',
      description: 'Large cash deposit',
      reference,
      counter_account: '1900',
    });
    expect(posted.status).toBe(202);
    const approvalId = posted.body.approvalId as string;
    expect(await balance()).toBe(before);

    // An Officer may not decide requests at all (403); one who could is still refused their own (409,
    // server/src/modules/roles/approvals.test.ts).
    const own = await call(maker, 'POST', `/api/approvals/${approvalId}/approve`);
    expect(own.status).toBe(403);
    expect(own.body.details).toEqual({ permission: 'approvals.decide' });

    // The checker decides in the inbox.
    await admin.goto('/transactions/control/approve');
    await admin.getByRole('heading', { name: 'Approve Transactions' }).waitFor();
    const row = admin.getByRole('row').filter({ hasText: officer.email });
    await row.getByRole('button', { name: 'Approve' }).click();
    await row.waitFor({ state: 'detached' });

    const expected = (Number(before.replace(/,/g, '')) + 75000).toFixed(2);
    expect(Number((await balance()).replace(/,/g, '')).toFixed(2)).toBe(expected);
    expect((await call(admin, 'POST', `/api/approvals/${approvalId}/approve`)).status).toBe(409);
    expect(Number((await balance()).replace(/,/g, '')).toFixed(2)).toBe(expected);

    // The audit shows both people.
    const audit = await apiAsUser<{ actorEmail: string | null; action: string; outcome: string }[]>(
      admin,
      `/api/admin/audit?target=${approvalId}`,
    );
    const actors = audit.map((r) => `${r.action} ${r.outcome} ${r.actorEmail}`);
    expect(actors).toEqual(
      expect.arrayContaining([
        `approval.request success ${officer.email}`,
        'approval.approve success demo@bankmanager.sl',
      ]),
    );
  });

  it('an Auditor sees the menu without Users, no access to staff administration, and every write answers 403', async () => {
    const admin = await browser.newPage();
    await signInAsDemo(admin);
    const second = await browser.newPage();
    const checker = await activatedStaff(admin, second, 'checker');
    await grantSuperuser(admin, checker.id);

    const page = await browser.newPage();
    const auditor = await activatedStaff(admin, page, 'auditor');
    const roles = await apiAsUser<{ id: string; key: string | null }[]>(admin, '/api/roles');
    const auditorRole = roles.find((r) => r.key === 'auditor')!;
    const request = await call(admin, 'PUT', `/api/admin/staff/${auditor.id}/roles`, {
      roleIds: [auditorRole.id],
      homeBranch: null,
    });
    expect(request.status).toBe(202);
    await second.reload();
    const approved = await call(
      second,
      'POST',
      `/api/approvals/${request.body.approvalId as string}/approve`,
    );
    expect(approved.status).toBe(200);

    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    const me = await apiAsUser<{ roles: { key: string }[] }>(page, '/api/me/permissions');
    expect(me.roles.map((r) => r.key)).toEqual(['auditor']);
    await page.getByRole('menubar', { name: 'Main menu' }).waitFor();
    await page.getByRole('menuitem', { name: 'Enquiries' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Transaction' }).count()).toBe(0);

    await page.goto('/security/users');
    await page.getByRole('alert').filter({ hasText: PERMISSION_TEXT.noAccessPage }).waitFor();

    const [subscriber] = await apiAsUser<{ pay_acct: string; cust_id: number }[]>(
      page,
      '/api/registered-users?pageSize=1',
    );
    const writes: [string, string, unknown][] = [
      [
        'POST',
        `/api/accounts/${subscriber!.pay_acct}/transactions`,
        {
          direction: 'credit',
          amount: '1',
          description: 'x',
          reference: `A${Date.now()}`,
          counter_account: '1900',
        },
      ],
      [
        'PUT',
        `/api/registered-users/${subscriber!.cust_id}/subscription`,
        { mobile_no: '+23276000000', pay_acct: subscriber!.pay_acct, mb_sub: true, version: 1 },
      ],
      ['POST', '/api/roles', { name: 'Nope' }],
      ['PUT', `/api/roles/${auditorRole.id}`, { name: 'Nope', version: 1 }],
      ['PUT', `/api/admin/staff/${auditor.id}/roles`, { roleIds: [], homeBranch: null }],
      ['POST', `/api/admin/staff/${checker.id}/ban`, undefined],
      ['POST', `/api/approvals/${request.body.approvalId as string}/approve`, undefined],
    ];
    for (const [method, path, body] of writes) {
      const res = await call(page, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Currency } from '@bankmanager/contracts';
import type { App } from '../../src/app.ts';
import { queryRows } from '../../src/db/rows.ts';
import { BRANCH, depositScene, testCustomer } from './deposit-accounts.ts';
import { postTestEntry } from './journal-entries.ts';
import { setRoles } from './roles.ts';
import type { StaffUser } from './staff-users.ts';

export { BRANCH };

/** A fresh client reference (what the teller's screen makes up per request). */
export const ref = (prefix = 'T') => `${prefix}-${randomUUID().slice(0, 30)}`;

/** Funds branch `branch`'s vault from the central bank (SLE) and the nostro (USD). */
export async function fundVault(app: App, branch: string, sle: string, usd: string): Promise<void> {
  await postTestEntry(
    app.db,
    [
      { gl: `1010-${branch}`, side: 'debit', amount: sle, currency: 'SLE' },
      { gl: '1030', side: 'credit', amount: sle, currency: 'SLE' },
      { gl: `1010-${branch}`, side: 'debit', amount: usd, currency: 'USD' },
      { gl: '1040', side: 'credit', amount: usd, currency: 'USD' },
    ],
    { source: 'seed', narration: 'Cash from the central bank' },
  );
}

/** An Active account at `branch` with `balance` in it (a deposit through the test ledger helper). */
export async function cashAccount(
  app: App,
  o: { currency?: Currency; balance?: string; branch?: string; status?: string } = {},
): Promise<{ id: number; number: string; custId: number }> {
  const custId = await testCustomer(app, { branch: o.branch ?? BRANCH });
  const product = o.currency === 'USD' ? 'TS-USD' : 'TS-SAV';
  const [a] = await queryRows<{ id: string; number: string }>(
    app.db,
    sql`insert into accounts (account_number, cust_id, product_code, account_type, currency, status, opened_on, branch_code, ledger_code)
        select make_account_number(${o.branch ?? BRANCH}, nextval('account_serial_seq')), ${custId}, p.code, p.account_type,
               p.currency, 'Active', current_business_date(), ${o.branch ?? BRANCH}, p.ledger_code
        from products p where p.code = ${product}
        returning id, account_number as number`,
  );
  const id = Number(a!.id);
  if (o.balance) {
    await postTestEntry(
      app.db,
      [
        { accountId: id, side: 'credit', amount: o.balance },
        { gl: '1900', side: 'debit', amount: o.balance, currency: o.currency ?? 'SLE' },
      ],
      { source: 'seed', narration: 'Opening balance' },
    );
  }
  if (o.status) await app.db.execute(sql`update accounts set status = ${o.status} where id = ${id}`);
  return { id, number: a!.number, custId };
}

/**
 * The teller scene: deposit products at branch 101 (and 202), a funded vault at 101, two tellers and
 * two supervisors at 101, a teller at 202, a compliance officer, and a superuser.
 */
export async function tellerScene(app: App) {
  const base = await depositScene(app);
  await fundVault(app, BRANCH, '1000000.00', '50000.00');
  const [teller, teller2, sup, sup2, away, comp] = (await Promise.all(
    ['teller', 'tellerb', 'sup', 'supb', 'tlaway', 'comp'].map((p) => base.makeStaff('activated', p)),
  )) as [StaffUser, StaffUser, StaffUser, StaffUser, StaffUser, StaffUser];
  await setRoles(app, teller.userId, ['teller'], BRANCH);
  await setRoles(app, teller2.userId, ['teller'], BRANCH);
  await setRoles(app, sup.userId, ['supervisor'], BRANCH);
  await setRoles(app, sup2.userId, ['supervisor'], BRANCH);
  await setRoles(app, away.userId, ['teller'], '202');
  await setRoles(app, comp.userId, ['compliance'], BRANCH);
  const call = (method: 'GET' | 'POST', url: string, who: StaffUser, payload?: unknown) =>
    app.inject({ method, url, headers: { authorization: who.auth }, ...(payload ? { payload } : {}) });
  return { ...base, teller, teller2, sup, sup2, away, comp, call };
}

/** A Leone count of `amount` in Le 20 notes plus coins, and its total. */
export function leones(amount: string) {
  const [whole = '0', frac = '00'] = amount.split('.');
  const n = Number(whole);
  const counts: Record<string, number> = {};
  if (Math.floor(n / 20)) counts.LE20 = Math.floor(n / 20);
  if (n % 20) counts.LE1 = n % 20;
  const cents = Number(frac.padEnd(2, '0'));
  if (cents) counts.C1 = cents;
  return { denominations: counts, total: amount };
}

/** A US dollar count in $100 and $1 notes. */
export function dollars(amount: string) {
  const n = Number(amount);
  const counts: Record<string, number> = {};
  if (Math.floor(n / 100)) counts.USD100 = Math.floor(n / 100);
  if (n % 100) counts.USD1 = n % 100;
  return { denominations: counts, total: amount };
}

/** Opens `who`'s session at branch 101 with `allocation` Leones; returns the session id. */
export async function openTill(
  scene: Awaited<ReturnType<typeof tellerScene>>,
  who: StaffUser,
  allocation = '50000.00',
  tillCode = `TILL-${Math.floor(Math.random() * 1e6)}`,
): Promise<string> {
  const r = await scene.call('POST', '/api/teller/sessions', who, {
    reference: ref('OPEN'),
    tillCode,
    currency: 'SLE',
    allocation: leones(allocation),
  });
  if (r.statusCode !== 201) throw new Error(`open: ${r.statusCode} ${r.body}`);
  return r.json<{ id: string }>().id;
}

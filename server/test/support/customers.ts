import type { CustomerCreateInput } from '@bankmanager/contracts';
import { sql } from 'drizzle-orm';
import type { App } from '../../src/app.ts';
import { ensureReferenceData } from './banking-fixtures.ts';
import { setRoles } from './roles.ts';
import { staffUsers, type StaffUser } from './staff-users.ts';

let n = 0;
const next = () => ++n;

/** A valid private customer with a unique NIN and mobile; `over` replaces fields. */
export function privateCustomer(
  over: Partial<Record<string, unknown>> = {},
): Extract<CustomerCreateInput, { type: 'private' }> {
  const i = next();
  return {
    type: 'private',
    branch: 'T01',
    title: 'Mrs',
    firstName: 'Fatmata',
    lastName: `Kamara${i}`,
    gender: 'female',
    dateOfBirth: '1985-04-12',
    idType: 'national_id',
    idNumber: `NK${String(i).padStart(6, '0')}`,
    idIssuedOn: '2022-01-10',
    idExpiresOn: '2032-01-09',
    mobile: `+2327610${String(i).padStart(4, '0')}`,
    address: { line1: '12 Siaka Stevens Street', town: 'Freetown', district: 'Western Area Urban' },
    occupation: 'Teacher',
    incomeBand: '2k_10k',
    sourceOfFunds: 'salary',
    nextOfKin: { name: 'Mohamed Kamara', relationship: 'Husband', mobile: '+23277123456' },
    ...over,
  };
}

/** A valid corporate customer with the given signatories. */
export function corporateCustomer(signatories: number[], over: Partial<Record<string, unknown>> = {}) {
  const i = next();
  return {
    type: 'corporate',
    branch: 'T01',
    registeredName: `Bo Traders ${i} Ltd`,
    registrationNumber: `CR-2019-${String(i).padStart(5, '0')}`,
    tin: '123456789',
    sectorCode: 'AGR',
    incorporatedOn: '2019-03-01',
    mobile: `+2327620${String(i).padStart(4, '0')}`,
    address: { line1: '4 Bojon Street', town: 'Bo', district: 'Bo' },
    signatories: signatories.map((customerId) => ({ customerId, role: 'director' })),
    mandate: 'any_one',
    ...over,
  };
}

/** Staff for customer tests: two CSOs at T01, a CSO at T02, two compliance officers, a superuser. */
export async function customerStaff(app: App) {
  await ensureReferenceData(app.db);
  await app.db.execute(
    sql`insert into branches (code, name, town) values ('T02', 'Other', 'Bo') on conflict do nothing`,
  );
  const s = await staffUsers(app);
  const [cso, cso2, away, comp, comp2] = (await Promise.all(
    ['cso', 'csob', 'away', 'comp', 'compb'].map((p) => s.make('activated', p)),
  )) as [StaffUser, StaffUser, StaffUser, StaffUser, StaffUser];
  await setRoles(app, cso.userId, ['cso'], 'T01');
  await setRoles(app, cso2.userId, ['cso'], 'T01');
  await setRoles(app, away.userId, ['cso'], 'T02');
  await setRoles(app, comp.userId, ['compliance'], 'T01');
  await setRoles(app, comp2.userId, ['compliance'], 'T01');
  const boss = await s.make('superuser', 'boss');
  return { cso, cso2, away, comp, comp2, boss };
}

/** Gives the customer current photo, ID scan and signature rows directly (document tests use HTTP). */
export async function giveDocuments(app: App, custId: number): Promise<void> {
  for (const kind of ['photo', 'id_scan', 'signature'])
    await app.db
      .execute(sql`insert into customer_documents (cust_id, kind, object_path, content_type, current, uploaded_by)
      values (${custId}, ${kind}, ${`${custId}/${kind}`}, 'image/png', true, 'test')`);
}

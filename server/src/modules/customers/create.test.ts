import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_TEXT, PHONE_MESSAGES, customerHref } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { corporateCustomer, customerStaff, privateCustomer } from '../../../test/support/customers.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';

/** Creation per kind, field errors and duplicates over HTTP. */
describe('POST /api/customers', () => {
  let t: TestApp;
  let cso: StaffUser, away: StaffUser;
  const post = (who: StaffUser, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: { authorization: who.auth },
      payload: payload as object,
    });

  beforeAll(async () => {
    t = await createTestApp();
    ({ cso, away } = await customerStaff(t.app));
  });
  afterAll(() => t.close());

  it('creates a private customer as Pending with its computed risk', async () => {
    const res = await post(cso, privateCustomer({ occupation: 'Diamond dealer' }));
    expect(res.statusCode).toBe(201);
    const { id, version, status } = res.json();
    expect([version, status]).toEqual([1, 'Pending']);
    const view = (
      await t.app.inject({ url: `/api/customers/${id}/360`, headers: { authorization: cso.auth } })
    ).json();
    expect(view.risk).toEqual({
      rating: 'medium',
      reasons: ['Higher-risk occupation: Diamond dealer'],
      overridden: false,
    });
    expect(view.kyc.missing).toEqual(expect.arrayContaining(['Photo', 'ID scan', 'Specimen signature']));
  });

  it('creates employee, corporate, government, organisation and joint customers with their relations', async () => {
    const a = (await post(cso, privateCustomer())).json().id as number;
    const b = (await post(cso, privateCustomer({ type: 'employee' }))).json().id as number;
    for (const type of ['corporate', 'government', 'organisation'])
      expect((await post(cso, corporateCustomer([a, b], { type }))).statusCode).toBe(201);
    const joint = await post(cso, {
      type: 'joint',
      branch: 'T01',
      jointName: 'Fatmata and Mohamed Kamara',
      holders: [a, b],
      mandate: 'either_or_survivor',
      mobile: '+23278000001',
      address: { line1: '1 Main Road', town: 'Kenema', district: 'Kenema' },
    });
    expect(joint.statusCode).toBe(201);
    const view = await t.app.inject({
      url: `/api/customers/${joint.json().id}/360`,
      headers: { authorization: cso.auth },
    });
    expect(view.json().related.map((r: { role: string }) => r.role)).toEqual([
      'joint_holder',
      'joint_holder',
    ]);
    expect(view.json().mandate).toBe('either_or_survivor');
  });

  it('refuses bad fields with the contracts’ message per path', async () => {
    // Too few digits to be a Sierra Leone mobile however it is read: the specification's own message.
    const res = await post(cso, privateCustomer({ mobile: '076 123 45', address: {} }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        { path: '/mobile', message: PHONE_MESSAGES.plus },
        { path: '/address/line1', message: expect.any(String) },
      ]),
    );
    // The cross-field rules run once the fields themselves are valid (zod refines a valid object).
    const id = await post(
      cso,
      privateCustomer({ idNumber: 'AB12', idIssuedOn: '2015-01-01', idExpiresOn: '2020-01-01' }),
    );
    expect(id.json().details).toEqual([
      { path: '/idNumber', message: CUSTOMER_TEXT.nin },
      { path: '/idExpiresOn', message: CUSTOMER_TEXT.idExpired },
    ]);
  });

  it('reads a mobile as people type it, and keeps it as E.164', async () => {
    const res = await post(cso, privateCustomer({ mobile: '079 912 345' }));
    expect(res.statusCode, res.body).toBe(201);
    const view = await t.app.inject({
      url: `/api/customers/${res.json().id}/360`,
      headers: { authorization: cso.auth },
    });
    expect(view.json().details.mobile).toBe('+23279912345');
  });

  it('refuses a minor without a guardian and signatories who are not private customers', async () => {
    const minor = await post(cso, privateCustomer({ dateOfBirth: '2015-01-01' }));
    expect(minor.json().details).toEqual([
      { path: '/guardianId', message: CUSTOMER_TEXT.minorNeedsGuardian },
    ]);
    const corp = await post(cso, corporateCustomer([999999]));
    expect(corp.statusCode).toBe(400);
    expect(corp.json().details[0].path).toBe('/signatories/0/customerId');
  });

  it('refuses the same NIN (duplicate_id) and warns on the same mobile until confirmed', async () => {
    const first = privateCustomer();
    const id = (await post(cso, first)).json().id as number;
    const again = await post(cso, privateCustomer({ idNumber: first.idNumber }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'duplicate_id',
      matches: [{ id, href: customerHref(id), why: 'id_number' }],
    });
    const sameMobile = privateCustomer({ mobile: first.mobile });
    const warned = await post(cso, sameMobile);
    expect(warned.statusCode).toBe(409);
    expect(warned.json()).toMatchObject({ code: 'possible_duplicate', matches: [{ id, why: 'mobile' }] });
    expect((await post(cso, { ...sameMobile, confirmDuplicates: true })).statusCode).toBe(201);
  });

  it('refuses to create in another branch (branch scope)', async () => {
    const res = await post(away, privateCustomer());
    expect(res.statusCode).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_TEXT, PRODUCT_TEXT } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { termsInForce } from './index.ts';
import {
  newSavings,
  productStaff,
  savingsTerms,
  setBusinessDate,
  TODAY,
} from '../../../test/support/products.ts';

/** PUT /api/products/:code: new versions from a date, never backwards, four-eyes. */
describe('PUT /api/products/:code', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof productStaff>>;
  const p = newSavings();
  const url = `/api/products/${p.code}`;
  const read = async () => (await s.call('GET', url, s.teller)).json();

  beforeAll(async () => {
    t = await createTestApp();
    s = await productStaff(t);
    expect((await s.approved('POST', '/api/products', p)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('a new version applies from its date, never before; the old one stays as it was', async () => {
    const terms = savingsTerms({ effectiveFrom: '2026-12-01', creditRate: '6.0000' });
    const res = await s.approved('PUT', url, { terms, reason: 'Rate rise from December' });
    expect(res.statusCode).toBe(200);
    const one = await read();
    expect(one.terms.creditRate).toBe('5.0000');
    expect(
      one.versions.map((v: { version: number; effectiveFrom: string }) => [v.version, v.effectiveFrom]),
    ).toEqual([
      [2, '2026-12-01'],
      [1, TODAY],
    ]);
    expect((await termsInForce(t.app.db, p.code, '2026-11-30'))?.version).toBe(1);
    expect((await termsInForce(t.app.db, p.code, '2026-12-01'))?.creditRate).toBe('6.0000');
    expect(await termsInForce(t.app.db, p.code, '2026-11-22')).toBeNull();
    await setBusinessDate(t, '2026-12-01');
    expect((await read()).terms.creditRate).toBe('6.0000');
    await setBusinessDate(t, TODAY);
  });

  it('refuses a version in the past (400) and a second version on the same date (409)', async () => {
    const past = await s.call('PUT', url, s.maker, {
      terms: savingsTerms({ effectiveFrom: '2026-11-01' }),
      reason: 'Backdate',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().details).toEqual([
      { path: '/terms/effectiveFrom', message: PRODUCT_TEXT.effectiveFrom },
    ]);
    const same = await s.call('PUT', url, s.maker, {
      terms: savingsTerms({ effectiveFrom: '2026-12-01', creditRate: '7.0000' }),
      reason: 'Again',
    });
    expect(same.statusCode).toBe(409);
    expect(same.json().details).toEqual({ code: 'version_exists', version: 2 });
    expect((await read()).versions).toHaveLength(2);
  });

  it('a version requested for today is refused at approval once the business date has passed it', async () => {
    const { approvalId } = (
      await s.call('PUT', url, s.maker, { terms: savingsTerms({ effectiveFrom: TODAY }), reason: 'Today' })
    ).json();
    await setBusinessDate(t, '2026-11-24');
    const late = await s.call('POST', `/api/approvals/${approvalId}/approve`, s.checker);
    await setBusinessDate(t, TODAY);
    expect(late.statusCode).toBe(400);
    expect((await read()).versions).toHaveLength(2);
  });

  it('name and status change on approval; the maker cannot approve; a stale request is refused', async () => {
    const a = (await s.call('PUT', url, s.maker, { name: 'Renamed Saver', reason: 'Marketing' })).json()
      .approvalId;
    const b = (
      await s.call('PUT', url, s.maker, { status: 'retired', reason: 'Closed to new business' })
    ).json().approvalId;
    const own = await s.call('POST', `/api/approvals/${a}/approve`, s.maker);
    expect([own.statusCode, own.json().error]).toEqual([409, APPROVAL_TEXT.ownRequest]);
    expect((await s.call('POST', `/api/approvals/${a}/approve`, s.checker)).statusCode).toBe(200);
    const stale = await s.call('POST', `/api/approvals/${b}/approve`, s.checker);
    expect([stale.statusCode, stale.json().details?.code]).toEqual([409, 'subject_changed']);
    expect(await read()).toMatchObject({ name: 'Renamed Saver', status: 'active' });
    expect(
      (await s.approved('PUT', url, { status: 'retired', reason: 'Closed to new business' })).statusCode,
    ).toBe(200);
    const retired = (await s.call('GET', '/api/products?status=retired', s.teller)).json();
    expect(retired.map((x: { code: string }) => x.code)).toEqual([p.code]);
  });

  it('refuses another control account, an empty change and an unknown product', async () => {
    const gl = { ...p.gl, control: '2010' };
    const res = await s.call('PUT', url, s.maker, { gl, reason: 'Move' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: '/gl/control' })]),
    );
    expect((await s.call('PUT', url, s.maker, { reason: 'Nothing' })).statusCode).toBe(400);
    expect((await s.call('PUT', '/api/products/NOPE', s.maker, { name: 'Xx', reason: 'r' })).statusCode).toBe(
      404,
    );
  });
});

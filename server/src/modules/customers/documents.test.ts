import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { customerStaff, privateCustomer } from '../../../test/support/customers.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';
import { multipartBody } from '../../../test/support/multipart.ts';

// The smallest valid PNG (1×1) and a PDF header: the storage module sniffs the bytes, not the name.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6e1f50000000049454e44ae426082',
  'hex',
);
const HTML = Buffer.from('<html><script>alert(1)</script></html>');

/** Documents and the contact log over HTTP. */
describe('customer documents and contacts', () => {
  let t: TestApp;
  let cso: StaffUser, away: StaffUser;
  let id: number;
  const upload = (who: StaffUser, kind: string, file = PNG, type = 'image/png') => {
    const m = multipartBody({ kind }, { bytes: file, type });
    return t.app.inject({
      method: 'POST',
      url: `/api/customers/${id}/documents`,
      headers: { authorization: who.auth, ...m.headers },
      payload: m.payload,
    });
  };
  const get = (url: string, who = cso) => t.app.inject({ url, headers: { authorization: who.auth } });

  beforeAll(async () => {
    t = await createTestApp();
    ({ cso, away } = await customerStaff(t.app));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: { authorization: cso.auth },
      payload: privateCustomer(),
    });
    id = res.json().id;
  });
  afterAll(() => t.close());

  it('stores an upload as the current one of its kind and serves its bytes', async () => {
    const first = await upload(cso, 'photo');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      kind: 'photo',
      contentType: 'image/png',
      current: true,
      uploadedBy: cso.email,
    });
    const content = await get(`/api/customers/${id}/documents/${first.json().id}/content`);
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('image/png');
    expect(content.rawPayload.equals(PNG)).toBe(true);
    const second = await upload(cso, 'photo');
    const view = (await get(`/api/customers/${id}/360`)).json();
    const photos = view.documents.filter((d: { kind: string }) => d.kind === 'photo');
    expect(photos.map((d: { id: string; current: boolean }) => [d.id, d.current])).toEqual([
      [second.json().id, true],
      [first.json().id, false],
    ]);
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${id}/documents/${first.json().id}/current`,
      headers: { authorization: cso.auth },
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().find((d: { id: string }) => d.id === first.json().id).current).toBe(true);
  });

  it('refuses other types, unknown kinds and other branches', async () => {
    expect((await upload(cso, 'photo', HTML, 'image/png')).statusCode).toBe(415);
    const kind = await upload(cso, 'selfie');
    expect(kind.statusCode).toBe(400);
    expect(kind.json().details[0].path).toBe('/kind');
    expect((await upload(away, 'photo')).statusCode).toBe(403);
  });

  it('logs contacts with who logged them, pages them, and sets the preferred channel', async () => {
    for (const [i, channel] of ['call', 'visit', 'letter'].entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/customers/${id}/contacts`,
        headers: { authorization: cso.auth },
        payload: { channel, summary: `Contact ${i}`, at: `2026-11-2${i}T09:00:00Z` },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().loggedBy).toBe(cso.email);
    }
    const page = await get(`/api/customers/${id}/contacts?pageSize=2`);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json().map((r: { summary: string }) => r.summary)).toEqual(['Contact 2', 'Contact 1']);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/customers/${id}/preferred-channel`,
      headers: { authorization: cso.auth },
      payload: { channel: 'sms' },
    });
    expect(put.statusCode).toBe(200);
    expect((await get(`/api/customers/${id}/360`)).json().preferredChannel).toBe('sms');
  });
});

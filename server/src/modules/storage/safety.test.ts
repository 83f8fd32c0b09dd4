import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { keysOf } from '../../../test/support/auth-clients.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { setRoles } from '../../../test/support/roles.ts';
import {
  anonStorage,
  pngBytes,
  serviceStorage,
  staffStorage,
} from '../../../test/support/storage-clients.ts';
import { queryRows } from '../../db/rows.ts';

/** A request exactly as written (fetch would resolve `..` before sending it). */
function rawRequest(base: string, method: string, path: string, headers: Record<string, string>, body = '') {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const req = http.request({ hostname, port, path, method, headers }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('storage safety', () => {
  let t: TestApp;
  let base: string;
  let admin: ReturnType<typeof serviceStorage>;
  let clerk: StaffUser;
  let cso: StaffUser;
  let pending: StaffUser;
  const objectCount = async () => (await queryRows<{ n: number }>(t.app.db, sqlCount))[0]!.n;
  beforeAll(async () => {
    t = await createTestApp();
    const staff = await staffUsers(t.app);
    base = staff.baseUrl;
    clerk = await staff.make('activated');
    cso = await staff.make('activated', 'cso');
    await setRoles(t.app, cso.userId, ['cso']);
    pending = await staff.make('pending');
    admin = serviceStorage(base, t.app);
    await admin.createBucket('small', { public: false, fileSizeLimit: 1000 });
    await admin.createBucket('images', { public: true, allowedMimeTypes: ['image/*'] });
    await admin.createBucket('anything', { public: true });
    // A private bucket guarded by staff permissions, as buckets created with a policy are.
    const key = keysOf(t.app).serviceKey;
    const scans = await fetch(`${base}/storage/v1/bucket`, {
      method: 'POST',
      headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        id: 'scans',
        public: false,
        allowed_mime_types: ['image/png', 'image/jpeg'],
        read_permission: 'customers.read',
        write_permission: 'customers.create',
        delete_permission: 'customers.create',
      }),
    });
    expect(scans.status).toBe(200);
  });
  afterAll(() => t.close());

  it('refuses traversal, absolute keys, backslashes and control characters with 400', async () => {
    const key = keysOf(t.app).serviceKey;
    const h = { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'text/plain' };
    for (const path of [
      'a/../b.txt',
      '../b.txt',
      'a/%2e%2e/b.txt',
      '%2Fetc/passwd',
      'a%5Cb.txt',
      'a%01b.txt',
      'a//b.txt',
      'a/./b',
    ]) {
      const res = await rawRequest(base, 'POST', `/storage/v1/object/anything/${path}`, h, 'x');
      expect([path, res.status]).toEqual([path, 400]);
      expect(JSON.parse(res.body)).toMatchObject({
        statusCode: '400',
        error: expect.any(String),
        message: expect.any(String),
      });
    }
    expect(await objectCount()).toBe(0);
  });

  it('normalises keys to NFC: two spellings are one object', async () => {
    await admin.from('anything').upload('cafe\u0301.txt', 'nfd', { contentType: 'text/plain' });
    const { data } = await admin.from('anything').download('caf\u00e9.txt');
    expect(await data!.text()).toBe('nfd');
    await admin.from('anything').remove(['café.txt']);
  });

  it('stops an over-size upload at the limit with 413 and stores nothing', async () => {
    const before = await objectCount();
    const big = await admin.from('small').upload('big.bin', new Blob([Buffer.alloc(5000, 1)]));
    expect(big.error).toMatchObject({ status: 413, statusCode: '413' });
    const raw = await admin.from('small').upload('big.txt', 'y'.repeat(1001), { contentType: 'text/plain' });
    expect(raw.error).toMatchObject({ status: 413 });
    expect((await admin.from('small').upload('ok.txt', 'y'.repeat(1000))).error).toBeNull();
    expect(await objectCount()).toBe(before + 1);
  });

  it('sniffs the type: HTML with a PNG header is a PNG; HTML or SVG claiming PNG is refused from image/*', async () => {
    const html = '<html><script>alert(1)</script></html>';
    const spoofed = await admin
      .from('images')
      .upload('spoof.png', new Blob([pngBytes(html)], { type: 'text/html' }));
    expect(spoofed.error).toBeNull();
    const res = await fetch(admin.from('images').getPublicUrl('spoof.png').data.publicUrl);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');

    const fakePng = await admin.from('images').upload('x.png', new Blob([html], { type: 'image/png' }));
    expect(fakePng.error).toMatchObject({ status: 415, message: 'mime type text/html is not supported' });
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const svgAsPng = await admin.from('images').upload('s.png', svg, { contentType: 'image/png' });
    expect(svgAsPng.error).toMatchObject({ status: 415 });
  });

  it('serves HTML and SVG as sandboxed attachments that never run in the app origin', async () => {
    await admin
      .from('anything')
      .upload('page.html', '<!doctype html><script>alert(1)</script>', { contentType: 'image/png' });
    await admin
      .from('anything')
      .upload('pic.svg', '<svg onload="alert(1)"></svg>', { contentType: 'image/svg+xml' });
    for (const [key, type] of [
      ['page.html', 'text/html'],
      ['pic.svg', 'image/svg+xml'],
    ]) {
      const res = await fetch(admin.from('anything').getPublicUrl(key!).data.publicUrl);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    }
    await admin.from('anything').upload('p.png', new Blob([pngBytes()]));
    const png = await fetch(admin.from('anything').getPublicUrl('p.png').data.publicUrl);
    expect(png.headers.get('content-disposition')).toMatch(/^inline;/);
  });

  it('signed URLs grant one object, one method, until expiry; tampering is 400, expiry 403', async () => {
    await admin.from('small').upload('s1.txt', 'one');
    await admin.from('small').upload('s2.txt', 'two');
    const url = (await admin.from('small').createSignedUrl('s1.txt', 60)).data!.signedUrl;
    const token = new URL(url).searchParams.get('token')!;
    expect((await fetch(url)).status).toBe(200);
    expect((await fetch(url.replace('s1.txt', 's2.txt'))).status).toBe(400);
    const [h, p, s] = token.split('.');
    const flipped = `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await fetch(url.replace(token, flipped))).status).toBe(400);
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, url: 'small/s2.txt' })).toString('base64url');
    expect((await fetch(url.replace(token, `${h}.${forged}.${s}`))).status).toBe(400);
    // A download grant cannot upload, nor an upload grant download.
    const put = await admin.from('small').uploadToSignedUrl('s1.txt', token, 'overwrite');
    expect(put.error).toMatchObject({ status: 400 });
    const up = (await admin.from('small').createSignedUploadUrl('s3.txt')).data!;
    expect((await fetch(`${base}/storage/v1/object/sign/small/s3.txt?token=${up.token}`)).status).toBe(400);
    const expired = await t.app.authService.jwt.sign(
      { url: 'small/s1.txt', storage_op: 'download' },
      Math.floor(Date.now() / 1000) - 10,
    );
    const res = await fetch(`${base}/storage/v1/object/sign/small/s1.txt?token=${expired}`);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ statusCode: '403', message: 'The signed URL has expired' });
  });

  it('keeps private buckets to their policy: anon, pending staff and unlisted staff are refused', async () => {
    await admin.from('small').upload('secret.txt', 'secret');
    expect((await anonStorage(base, t.app).from('small').download('secret.txt')).error).toBeTruthy();
    const asClerk = staffStorage(base, t.app, clerk).from('small');
    expect((await asClerk.list()).error).toMatchObject({ status: 403 });
    expect((await asClerk.upload('c.txt', 'x')).error).toMatchObject({ status: 403 });
    expect((await asClerk.createSignedUrl('secret.txt', 60)).error).toMatchObject({ status: 403 });
    // scans: customers.read / customers.create, which a Customer Service Officer's role holds and an
    // Officer's (the clerk's) does not.
    const clerkIds = staffStorage(base, t.app, clerk).from('scans');
    expect((await clerkIds.list('c1')).error).toMatchObject({ status: 403 });
    expect((await clerkIds.upload('c1/id.png', new Blob([pngBytes()]))).error).toMatchObject({ status: 403 });
    const ids = staffStorage(base, t.app, cso).from('scans');
    expect((await ids.upload('c1/id.png', new Blob([pngBytes()]))).error).toBeNull();
    expect((await ids.list('c1')).data!.map((e) => e.name)).toEqual(['id.png']);
    expect((await ids.upload('c1/id.txt', 'not an image')).error).toMatchObject({ status: 415 });
    const idsPending = staffStorage(base, t.app, pending).from('scans');
    expect((await idsPending.list('c1')).error).toMatchObject({ status: 403 });
    const noKey = await fetch(`${base}/storage/v1/object/list/scans`, { method: 'POST' });
    expect(noKey.status).toBe(401);
  });
});

const sqlCount = (await import('drizzle-orm')).sql`select count(*)::int as n from storage_objects`;

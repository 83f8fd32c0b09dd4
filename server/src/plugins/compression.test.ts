import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../test/support/staff-users.ts';
import { serviceStorage } from '../../test/support/storage-clients.ts';

/** An asset as the build leaves it: the file plus its .br and .gz (web/build/precompress.ts). */
const ASSET = `export const text = ${JSON.stringify('Leone '.repeat(2000))};\n`;

function fakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  const file = path.join(dir, 'assets', 'index-abc123.js');
  fs.writeFileSync(file, ASSET);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(ASSET));
  fs.writeFileSync(`${file}.gz`, gzipSync(ASSET));
  return dir;
}

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Real HTTP with exactly the headers given: fetch would add and undo Accept-Encoding on its own. */
function get(base: string, url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(url, base), { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

const decode = (r: RawAnswer) =>
  r.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(r.body)
    : r.headers['content-encoding'] === 'gzip'
      ? gunzipSync(r.body)
      : r.body;

describe('compression over HTTP', () => {
  let t: TestApp;
  let dist: string;
  let base: string;
  let officer: StaffUser;
  beforeAll(async () => {
    dist = fakeDist();
    t = await createTestApp({ webDistDir: dist });
    const staff = await staffUsers(t.app);
    base = staff.baseUrl;
    officer = await staff.make('activated');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends the precompressed asset the client accepts, with Vary: Accept-Encoding', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip, deflate', 'gzip'],
      ['', undefined],
      ['identity', undefined],
    ] as const) {
      const res = await get(base, '/assets/index-abc123.js', accept ? { 'accept-encoding': accept } : {});
      expect(res.status, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type'], accept).toContain('javascript');
      expect(res.headers.vary?.toLowerCase(), accept).toContain('accept-encoding');
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(decode(res).toString(), accept).toBe(ASSET);
      if (encoding) expect(res.body.length).toBeLessThan(ASSET.length / 10);
    }
  });

  it('compresses JSON answers over 1 KB, not smaller ones', async () => {
    // The API document is for signed-in staff outside demo mode.
    const signedIn = { authorization: officer.auth };
    const docs = await get(base, '/api/docs/json', { ...signedIn, 'accept-encoding': 'gzip, deflate, br' });
    expect(docs.headers['content-encoding']).toBe('br');
    expect(docs.headers.vary?.toLowerCase()).toContain('accept-encoding');
    expect(JSON.parse(decode(docs).toString())).toHaveProperty('openapi');
    const gz = await get(base, '/api/docs/json', { ...signedIn, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get(base, '/api/docs/json', signedIn);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(decode(docs))).toBe(true);
    const health = await get(base, '/api/health', { 'accept-encoding': 'br' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toMatchObject({ status: 'ok' });
  });

  it('leaves CSV and PDF downloads as they were', async () => {
    const auth = { authorization: officer.auth, 'accept-encoding': 'br, gzip' };
    const today = new Date().toISOString().slice(0, 10);
    const csv = await get(base, `/api/gl/trial-balance?date=${today}&format=csv`, auth);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-encoding']).toBeUndefined();
    const pdf = await get(base, `/api/gl/trial-balance?date=${today}&format=pdf`, auth);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('sends stored objects as uploaded, even JSON, with their length', async () => {
    const storage = serviceStorage(base, t.app);
    await storage.createBucket('compress-check');
    const json = JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => ({ i, name: 'Kamara' })) });
    expect(
      (await storage.from('compress-check').upload('big.json', json, { contentType: 'application/json' }))
        .error,
    ).toBeNull();
    const { data } = await storage.from('compress-check').createSignedUrl('big.json', 60);
    const url = new URL(data!.signedUrl).pathname + new URL(data!.signedUrl).search;
    const whole = await get(base, url, { 'accept-encoding': 'br, gzip' });
    expect(whole.status).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.body.toString()).toBe(json);
    expect(whole.headers['content-length']).toBe(String(Buffer.byteLength(json)));
  });
});

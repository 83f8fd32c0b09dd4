import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from './test/harness.ts';

/** A stand-in for `web/dist`, so serving rules are tested without a Vite build. */
function fakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>BankManager</title></head><body></body></html>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'theme-init.js'), '/* theme */');
  return dir;
}

describe('app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    t = await createTestApp({ webDistDir: dist, demoData: true });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('GET /api/health reports the database and version', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', version: '0.0.0-test' });
  });

  it('answers unknown /api paths with a JSON 404, not the SPA', async () => {
    for (const url of ['/api/does-not-exist', '/api/', '/auth/v1/nope', '/rest/v1/nope']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json().error).toEqual(expect.any(String));
    }
  });

  it('serves index.html for client deep links (history fallback), never cached, with the public config', async () => {
    for (const url of ['/', '/enquiries/account', '/solutions/mobile-admin/users?x=1']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('<meta name="bankmanager-config" content="{&quot;version&quot;');
    }
    expect((await t.app.inject('/index.html')).headers['cache-control']).toBe('no-store');
  });

  it('caches hashed assets as immutable and other files not at all', async () => {
    const asset = await t.app.inject('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject('/theme-init.js')).headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject('/assets/gone-999.js')).statusCode).toBe(404);
  });

  it('sends security headers with a CSP that allows no inline or eval script', async () => {
    for (const url of ['/', '/api/health', '/api/nope']) {
      const res = await t.app.inject(url);
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc, url).toBe("'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('serves the OpenAPI document and UI at /api/docs', async () => {
    const doc = await t.app.inject('/api/docs/json');
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths).toHaveProperty('/api/health');
    const ui = await t.app.inject('/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('answers malformed JSON and oversized bodies with a 4xx error body', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/health', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    expect(bad.json().error).toEqual(expect.any(String));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../test/support/harness.ts';

/** A stand-in for `web/dist`, so serving rules are tested without a Vite build. */
function fakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>BankManager</title></head><body></body></html>',
  );
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

  it('sends security headers with a CSP that allows no inline or eval script, on the SPA and every API family', async () => {
    // The SPA, and /api, /auth/v1, /rest/v1 answers — successes and errors alike.
    const requests = [
      { url: '/' },
      { url: '/signin' },
      { url: '/api/health' },
      { url: '/api/nope' },
      { url: '/api/registered-users' },
      { url: '/auth/v1/health' },
      { url: '/auth/v1/user' },
      { url: '/rest/v1/profiles' },
      { url: '/auth/v1/token?grant_type=password', method: 'POST' as const, payload: {} },
    ];
    for (const r of requests) {
      const res = await t.app.inject(r);
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc, r.url).toBe("'self'");
      expect(csp, r.url).toContain("script-src-attr 'none'");
      expect(csp, r.url).toContain("object-src 'none'");
      expect(csp, r.url).toContain("default-src 'self'");
      expect(csp, r.url).toContain("base-uri 'self'");
      expect(csp, r.url).not.toContain('unsafe-eval');
      expect(csp, r.url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], r.url).toBe('nosniff');
      expect(res.headers['x-frame-options'], r.url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], r.url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy'], r.url).toBe('same-origin');
      expect(res.headers['x-powered-by'], r.url).toBeUndefined();
      // Plain http (tests, a laptop): no HSTS, which would pin a browser to https that is not there.
      expect(res.headers['strict-transport-security'], r.url).toBeUndefined();
    }
  });

  it('sends files only the headers a file obeys: nosniff and Cross-Origin-Resource-Policy, no document headers', async () => {
    for (const url of ['/assets/index-abc123.js', '/theme-init.js']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      for (const h of [
        'content-security-policy',
        'x-frame-options',
        'cross-origin-opener-policy',
        'referrer-policy',
      ])
        expect(res.headers[h], `${url} ${h}`).toBeUndefined();
    }
  });

  it('behind https, adds HSTS and upgrades insecure requests', async () => {
    const https = await createTestApp({ webDistDir: dist, publicUrl: 'https://bank.example.sl' });
    try {
      for (const url of ['/', '/api/health', '/auth/v1/health']) {
        const res = await https.app.inject(url);
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
        expect(String(res.headers['content-security-policy']), url).toContain('upgrade-insecure-requests');
      }
    } finally {
      await https.close();
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
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    expect(bad.json().error).toEqual(expect.any(String));
  });
});

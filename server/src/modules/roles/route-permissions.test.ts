import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { PERMISSIONS, ROUTE_ACCESS_LEVELS, type RouteAccess } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { routeAccessOf } from '../auth/index.ts';

/**
 * Every `/api` route declares what it needs (ADR 0015), found through the app's own route list, so
 * a route added later without a declaration fails here. Declaring is one line: a guard from the auth
 * module (`requirePermission('x')`, `requireSignedIn`…) or `config: { access: 'public' }`.
 */
describe('route permissions', () => {
  let t: TestApp;
  const routes: { key: string; access: RouteAccess | undefined }[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        onRoute: (r: RouteOptions) => {
          if (!r.url.startsWith('/api/') || r.url.startsWith('/api/docs')) return;
          const methods = Array.isArray(r.method) ? r.method : [r.method];
          for (const m of methods)
            if (m !== 'HEAD') routes.push({ key: `${m} ${r.url}`, access: routeAccessOf(r) });
        },
      },
    );
  });
  afterAll(() => t.close());

  it('finds the routes', () => {
    expect(routes.map((r) => r.key)).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'POST /api/accounts/:number/transactions',
        'PUT /api/roles/:id',
      ]),
    );
  });

  it('every /api route declares a permission or an access level', () => {
    const undeclared = routes.filter((r) => r.access === undefined).map((r) => r.key);
    expect(undeclared).toEqual([]);
    const known = new Set<string>([...PERMISSIONS, ...ROUTE_ACCESS_LEVELS]);
    expect(routes.filter((r) => !known.has(r.access!))).toEqual([]);
  });

  it('writes are never public', () => {
    const publicWrites = routes.filter((r) => !r.key.startsWith('GET ') && r.access === 'public');
    expect(publicWrites).toEqual([]);
  });
});

import type { FastifySchema, RouteOptions, onSendHookHandler } from 'fastify';

/** The API families the fuzz suite covers; the SPA's own routes (`/`, assets) are not an API. */
export const FUZZED_PREFIXES = ['/api/', '/auth/v1/', '/rest/v1/', '/storage/v1/'] as const;

export type Family = 'api' | 'auth' | 'rest' | 'storage';

export interface FuzzRoute {
  /** `METHOD /url/:pattern`, the key coverage is counted by. */
  key: string;
  method: string;
  url: string;
  family: Family;
  schema: FastifySchema | undefined;
}

export function familyOf(url: string): Family {
  if (url.startsWith('/auth/v1')) return 'auth';
  if (url.startsWith('/rest/v1')) return 'rest';
  if (url.startsWith('/storage/v1')) return 'storage';
  return 'api';
}

const isFuzzed = (url: string) => FUZZED_PREFIXES.some((p) => url.startsWith(p));

/**
 * Collects every API route as the app adds it (pass `onRoute` to `buildApp`), and counts which
 * routes requests actually reached: a route matched by no request fails the suite, so a route added
 * later is fuzzed, or the suite says it was not.
 */
export class RouteRecorder {
  readonly routes: FuzzRoute[] = [];
  /** Statuses answered per route key. */
  readonly hits = new Map<string, number[]>();
  private last: string | undefined;

  /** The route the latest answer came from (requests run one at a time), and forgets it. */
  takeLast(): string | undefined {
    const key = this.last;
    this.last = undefined;
    return key;
  }

  readonly onRoute = (route: RouteOptions): void => {
    if (!isFuzzed(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const key = `${method} ${route.url}`;
      this.routes.push({ key, method, url: route.url, family: familyOf(route.url), schema: route.schema });
      this.hits.set(key, []);
    }
    // onSend, not onResponse: it has run by the time `inject` resolves, whatever answered.
    const record: onSendHookHandler = (req, reply, payload, done) => {
      const key = `${req.method} ${req.routeOptions.url ?? ''}`;
      this.last = key;
      this.hits.get(key)?.push(reply.statusCode);
      done(null, payload);
    };
    const existing = route.onSend;
    route.onSend = [
      ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
      record,
    ];
  };

  /** Routes no request reached. */
  unreached(): string[] {
    return this.routes.filter((r) => (this.hits.get(r.key) ?? []).length === 0).map((r) => r.key);
  }

  /**
   * Routes that only ever answered 401/403: the fuzz never got past their guards, so it did not
   * test their validation.
   */
  onlyGuarded(): string[] {
    return this.routes
      .filter((r) => {
        const statuses = this.hits.get(r.key) ?? [];
        return statuses.length > 0 && statuses.every((s) => s === 401 || s === 403);
      })
      .map((r) => r.key);
  }
}

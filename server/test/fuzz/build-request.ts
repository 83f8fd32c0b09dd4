import type { InjectOptions } from 'fastify';
import type { Callers } from './callers.ts';
import { encodeSegment } from './hostile-values.ts';
import type { FuzzCase } from './request-cases.ts';
import type { FuzzRoute } from './route-registry.ts';
import { bodyBytes } from './body-specs.ts';

export interface BuiltRequest {
  method: string;
  /** Path and query as sent (already encoded). */
  url: string;
  headers: Record<string, string | string[]>;
  payload?: string | Buffer;
}

const encodeQuery = (s: string) => encodeSegment(s).replace(/%20/g, '+');

/** The concrete request a fuzz case stands for: the route's URL filled in, credentials, body bytes. */
export function buildRequest(route: FuzzRoute, c: FuzzCase, callers: Callers): BuiltRequest {
  const path = route.url.replace(/:([A-Za-z_]\w*)|\*/g, (_m, name: string | undefined) => {
    const p = c.params[name ?? '*'];
    if (!p) return '';
    return p.raw
      ? p.value
      : name === undefined
        ? p.value.split('/').map(encodeSegment).join('/')
        : encodeSegment(p.value);
  });
  const query = c.query
    .map((q) => (typeof q === 'string' ? q : `${encodeQuery(q[0])}=${encodeQuery(q[1])}`))
    .join('&');
  const { payload, contentType } = bodyBytes(c.body);
  const headers: Record<string, string | string[]> = {
    // supabase-js sends it and then reads `{ code, message }`; without it errors have the legacy shape.
    ...(c.newErrorShape ? { 'x-supabase-api-version': '2024-01-01' } : {}),
    ...callers.headers(c.caller),
    ...(contentType === null ? {} : { 'content-type': contentType }),
    ...c.headers,
  };
  return {
    method: route.method,
    url: query ? `${path}?${query}` : path,
    headers,
    ...(payload === undefined ? {} : { payload }),
  };
}

export const toInject = (r: BuiltRequest): InjectOptions => ({
  method: r.method,
  url: r.url,
  headers: r.headers,
  ...(r.payload === undefined ? {} : { payload: r.payload }),
});

/** A one-line description of a request for failure messages (bodies cut short). */
export function describeRequest(r: BuiltRequest): string {
  const body =
    r.payload === undefined ? '' : ` body(${r.payload.length}): ${String(r.payload).slice(0, 160)}`;
  const headers = Object.entries(r.headers)
    .filter(([k]) => !['authorization', 'apikey', 'x-api-key'].includes(k))
    .map(([k, v]) => `${k}: ${JSON.stringify(v).slice(0, 80)}`)
    .join('; ');
  return `${r.method} ${r.url.slice(0, 300)} [${headers}]${body}`;
}

import fc from 'fast-check';
import { FORGED_CALLERS, REAL_CALLERS, type CallerName } from './callers.ts';
import { hostileNumber, hostileText, randomText, rawPathSegments, rawQueryParts } from './hostile-values.ts';
import type { Pools } from './pools.ts';
import { fieldValue, realisticParam, realisticRecord } from './realistic-values.ts';
import type { FuzzRoute } from './route-registry.ts';
import {
  LENIENT_FIELDS,
  LENIENT_QUERY_KEYS,
  LENIENT_ROUTE_FIELDS,
  enumValues,
  fieldNames,
} from './schema-fields.ts';
import { bodySpec, type BodySpec } from './body-specs.ts';

/**
 * One fuzz case, as a small readable description (fast-check prints it on failure); `buildRequest`
 * turns it into the bytes sent. Hostile and realistic values are mixed in every part.
 */
export interface FuzzCase {
  caller: CallerName;
  /** Path parameter values; `raw` ones are sent unencoded (`../`, `%00`, `%ff`). */
  params: Record<string, { value: string; raw: boolean }>;
  /** Query parts in order: `[key, value]` pairs (repeated keys make arrays) or raw text. */
  query: ([string, string] | string)[];
  body: BodySpec;
  /** Extra or replaced headers; an array value sends the header twice. */
  headers: Record<string, string | string[]>;
  /** Send `X-Supabase-Api-Version: 2024-01-01` (GoTrue's `{ code, message }` error shape). */
  newErrorShape: boolean;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const isWrite = (method: string) => WRITE_METHODS.has(method);

export const paramNames = (url: string): string[] =>
  [...url.matchAll(/:([A-Za-z_]\w*)|\*/g)].map((m) => m[1] ?? '*');

const callerArb: fc.Arbitrary<CallerName> = fc.oneof(
  { arbitrary: fc.constantFrom(...REAL_CALLERS), weight: 3 },
  { arbitrary: fc.constantFrom(...FORGED_CALLERS), weight: 1 },
);

function paramArb(route: FuzzRoute, name: string, pools: Pools) {
  const enums = enumValues(route.schema?.params, name);
  const realistic = enums.length > 0 ? fc.constantFrom(...enums) : realisticParam(name, pools);
  return fc.oneof(
    { arbitrary: realistic.map((value) => ({ value, raw: false })), weight: 5 },
    { arbitrary: hostileText.map((value) => ({ value, raw: false })), weight: 3 },
    { arbitrary: hostileNumber.map((n) => ({ value: String(n), raw: false })), weight: 1 },
    { arbitrary: fc.constantFrom(...rawPathSegments).map((value) => ({ value, raw: true })), weight: 1 },
  );
}

/** What a schema-less route reads, looked up by its key (a HEAD route reads what its GET reads). */
const lenient = (route: FuzzRoute) => LENIENT_ROUTE_FIELDS[route.key.replace(/^HEAD /, 'GET ')];

function queryKeys(route: FuzzRoute): string[] {
  const fromSchema = fieldNames(route.schema?.querystring);
  if (fromSchema.length > 0 || route.family === 'api') return fromSchema;
  return lenient(route)?.query ?? LENIENT_QUERY_KEYS;
}

const asText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

/** Random parts (known and random keys, repeated keys, raw malformed text), or a realistic query. */
function queryArb(route: FuzzRoute, pools: Pools) {
  const schema = route.schema?.querystring;
  const known = queryKeys(route);
  const key =
    known.length > 0
      ? fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 4 }, randomText(12))
      : randomText(12);
  const pair = key.chain((k) => fieldValue(schema, k, pools).map((v): [string, string] => [k, asText(v)]));
  const part = fc.oneof(
    { arbitrary: pair, weight: 8 },
    { arbitrary: fc.constantFrom(...rawQueryParts), weight: 1 },
  );
  const realistic = realisticRecord(schema, known, pools).map((r) =>
    Object.entries(r).map(([k, v]): [string, string] => [k, asText(v)]),
  );
  return fc.oneof(
    { arbitrary: fc.array(part, { maxLength: 6 }), weight: 3 },
    { arbitrary: realistic, weight: 2 },
  );
}

/** Field names a route's body is read by: its zod schema, or what its lenient reader reads. */
export function bodyFields(route: FuzzRoute): string[] {
  const fromSchema = fieldNames(route.schema?.body);
  if (fromSchema.length > 0 || route.family === 'api') return fromSchema;
  return lenient(route)?.body ?? LENIENT_FIELDS;
}

const printable = (s: string) => s.replace(/[^\x20-\x7e\x80-\xff]/g, '?');
const headerValue = fc.oneof(
  hostileText.map(printable),
  fc.constantFrom('2024-01-01', '2020-01-01', 'not-a-date', '', 'x'.repeat(8000)),
  fc.array(fc.string({ maxLength: 20 }).map(printable), { minLength: 2, maxLength: 3 }),
);
const headerArb = fc.dictionary(
  fc.constantFrom(
    'x-supabase-api-version',
    'accept',
    'prefer',
    'x-forwarded-for',
    'x-request-id',
    'user-agent',
    'authorization',
    'apikey',
    'x-api-key',
    'content-encoding',
    'x-client-info',
    'content-type',
  ),
  fc.oneof(
    headerValue,
    fc.constantFrom(
      'application/vnd.pgrst.object+json',
      'return=representation',
      '203.0.113.9',
      'not-an-ip',
      '::1, 10.0.0.1',
      'gzip',
    ),
  ),
  { maxKeys: 3 },
);

export function fuzzCaseArb(route: FuzzRoute, pools: Pools): fc.Arbitrary<FuzzCase> {
  const params = Object.fromEntries(paramNames(route.url).map((n) => [n, paramArb(route, n, pools)]));
  return fc.record({
    caller: callerArb,
    params: fc.record(params),
    query: queryArb(route, pools),
    body: bodySpec(route.schema?.body, bodyFields(route), isWrite(route.method), pools),
    headers: fc.oneof({ arbitrary: fc.constant({}), weight: 3 }, { arbitrary: headerArb, weight: 1 }),
    newErrorShape: fc.boolean(),
  });
}

/** The case that should pass every check: a real caller, realistic params, an empty object. */
export function plainCase(route: FuzzRoute, pools: Pools, caller: CallerName): FuzzCase {
  const params = Object.fromEntries(
    paramNames(route.url).map((n) => {
      const enums = enumValues(route.schema?.params, n);
      const [value] = enums.length > 0 ? enums : fc.sample(realisticParam(n, pools), { numRuns: 1, seed: 1 });
      return [n, { value: value!, raw: false }];
    }),
  );
  const body: BodySpec = isWrite(route.method)
    ? { kind: 'json', value: {}, contentType: 'application/json' }
    : { kind: 'none' };
  return { caller, params, query: [], body, headers: {}, newErrorShape: true };
}

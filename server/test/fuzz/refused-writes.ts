import { APIKEY_VARIANTS, BAD_CREDENTIALS } from './callers.ts';
import { WRONG_TYPES, BODY_LIMIT, type BodySpec } from './body-specs.ts';
import { plainCase, type FuzzCase } from './request-cases.ts';
import type { Pools } from './pools.ts';
import type { FuzzRoute } from './route-registry.ts';

/**
 * Bodies no route may accept, whatever it reads: the parser must refuse them before any handler
 * runs (bad bytes, bad syntax, too deep, too big, a content type the API does not take).
 */
export const UNPARSABLE_BODIES: BodySpec[] = [
  { kind: 'invalidUtf8', field: 'data', bytes: [0xff, 0xfe] },
  { kind: 'invalidUtf8', field: 'email', bytes: [0xc3] },
  { kind: 'invalidUtf8', field: 'x', bytes: [0xed, 0xa0, 0x80] }, // an encoded surrogate
  { kind: 'deep', depth: 10_000, open: '[', field: null },
  { kind: 'deep', depth: 10_000, open: '{', field: 'data' },
  { kind: 'overLimit', bytes: BODY_LIMIT + 1 },
  { kind: 'text', text: '{"email":', contentType: 'application/json' },
  { kind: 'text', text: '{"a":1}{"b":2}', contentType: 'application/json' },
  ...WRONG_TYPES.map((contentType): BodySpec => ({ kind: 'text', text: '{}', contentType })),
  { kind: 'text', text: '{}', contentType: null },
];

/**
 * Writes that must all be refused: every unparsable body from the callers who would otherwise be
 * let in (a superuser, and the service-role key for the admin API), and an empty object from every
 * caller whose credentials the route must refuse.
 */
export function refusedWriteCases(route: FuzzRoute, pools: Pools): FuzzCase[] {
  const forged = route.family === 'api' ? BAD_CREDENTIALS : [...BAD_CREDENTIALS, ...APIKEY_VARIANTS];
  const garbage = (['superuser', 'serviceKey'] as const).flatMap((caller) =>
    UNPARSABLE_BODIES.map((body) => ({ ...plainCase(route, pools, caller), body })),
  );
  return [...garbage, ...forged.map((caller) => plainCase(route, pools, caller))];
}

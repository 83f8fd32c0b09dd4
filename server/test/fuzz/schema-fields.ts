/**
 * Reads field names and enum values out of a route's zod schemas (the contracts), so generated
 * requests use the names the route actually reads and reach its validation, not just "unknown key".
 * Routes without schemas (`/auth/v1`, `/rest/v1`) read lenient bodies: their names are listed in
 * `LENIENT_FIELDS` below.
 */

interface ZodLike {
  _zod?: { def?: ZodDef };
}
interface ZodDef {
  type?: string;
  shape?: Record<string, unknown>;
  in?: unknown;
  out?: unknown;
  innerType?: unknown;
  options?: unknown[];
  left?: unknown;
  right?: unknown;
  entries?: Record<string, string | number>;
  values?: unknown[];
}

const defOf = (schema: unknown): ZodDef | undefined => (schema as ZodLike | undefined)?._zod?.def;

/** The object shapes inside a schema, looking through optional/default/pipe/union wrappers. */
function shapes(schema: unknown, depth = 0): Record<string, unknown>[] {
  const def = defOf(schema);
  if (!def || depth > 8) return [];
  if (def.shape) return [def.shape];
  const inner = [def.in, def.innerType, def.left, def.right, ...(def.options ?? [])].filter(Boolean);
  return inner.flatMap((s) => shapes(s, depth + 1));
}

/** Keys of the object a schema accepts (`[]` for non-object schemas). */
export function fieldNames(schema: unknown): string[] {
  return [...new Set(shapes(schema).flatMap((s) => Object.keys(s)))];
}

/** String values a field accepts when it is an enum or literal (`[]` otherwise). */
export function enumValues(schema: unknown, field: string): string[] {
  const out = new Set<string>();
  const walk = (s: unknown, depth: number) => {
    const def = defOf(s);
    if (!def || depth > 8) return;
    if (def.type === 'enum' && def.entries) Object.values(def.entries).forEach((v) => out.add(String(v)));
    if (def.type === 'literal' && def.values) def.values.forEach((v) => out.add(String(v)));
    [def.in, def.innerType, ...(def.options ?? [])].filter(Boolean).forEach((x) => walk(x, depth + 1));
  };
  for (const shape of shapes(schema)) walk(shape[field], 0);
  return [...out];
}

/**
 * What the schema-less routes (`/auth/v1` GoTrue, `/rest/v1` PostgREST) read from the body and the
 * query, from their handlers in `modules/auth/routes/*.ts` and `modules/rest/profiles-routes.ts`.
 * A schema-less route missing here gets every name below: still fuzzed, just less deeply.
 */
export const LENIENT_ROUTE_FIELDS: Record<string, { body?: string[]; query?: string[] }> = {
  'POST /auth/v1/signup': { body: ['email', 'password', 'data', 'phone'], query: ['redirect_to'] },
  'POST /auth/v1/token': { body: ['email', 'password', 'phone', 'refresh_token'], query: ['grant_type'] },
  'POST /auth/v1/logout': { query: ['scope'] },
  'PUT /auth/v1/user': { body: ['data', 'password', 'email', 'nonce', 'phone'] },
  'POST /auth/v1/recover': { body: ['email'], query: ['redirect_to'] },
  'POST /auth/v1/verify': { body: ['type', 'token', 'token_hash', 'email'] },
  'GET /auth/v1/verify': { query: ['type', 'token', 'redirect_to'] },
  'POST /auth/v1/resend': { body: ['type', 'email'] },
  'POST /auth/v1/otp': { body: ['email', 'phone'] },
  'POST /auth/v1/factors': { body: ['factor_type', 'friendly_name', 'issuer'] },
  'POST /auth/v1/factors/:id/verify': { body: ['challenge_id', 'challengeId', 'code'] },
  'GET /auth/v1/admin/users': { query: ['page', 'per_page'] },
  'POST /auth/v1/admin/users': {
    body: ['email', 'password', 'user_metadata', 'data', 'app_metadata', 'email_confirm'],
  },
  'PUT /auth/v1/admin/users/:id': {
    body: ['email', 'password', 'email_confirm', 'user_metadata', 'app_metadata', 'ban_duration'],
  },
  'POST /auth/v1/admin/generate_link': {
    body: ['type', 'email', 'data', 'redirect_to', 'password'],
    query: ['redirect_to'],
  },
  'POST /auth/v1/invite': { body: ['email', 'data'], query: ['redirect_to'] },
  'GET /rest/v1/profiles': { query: ['select', 'id', 'theme', 'full_name'] },
  'PATCH /rest/v1/profiles': { body: ['theme'], query: ['select', 'id'] },
};

/** Every name the schema-less readers know, plus ones supabase-js sends that they must ignore. */
export const LENIENT_FIELDS = [
  ...new Set(Object.values(LENIENT_ROUTE_FIELDS).flatMap((f) => f.body ?? [])),
  'options',
  'code_challenge',
  'gotrue_meta_security',
];
export const LENIENT_QUERY_KEYS = [
  ...new Set(Object.values(LENIENT_ROUTE_FIELDS).flatMap((f) => f.query ?? [])),
  'apikey',
  'order',
];

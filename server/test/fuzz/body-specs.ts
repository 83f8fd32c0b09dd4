import fc from 'fast-check';
import { hostileText, randomText } from './hostile-values.ts';
import type { Pools } from './pools.ts';
import { fieldValue, realisticRecord } from './realistic-values.ts';

/** 1 MiB: the server's body limit (`bodyLimit` in app.ts). */
export const BODY_LIMIT = 1024 * 1024;

/** What body a case sends, described small enough to print; `bodyBytes` builds it. */
export type BodySpec =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string | null }
  /** Text that is not JSON (syntax errors, forms, XML) under some content type, or none. */
  | { kind: 'text'; text: string; contentType: string | null }
  /** A JSON object whose `field` holds bytes that are not UTF-8. */
  | { kind: 'invalidUtf8'; field: string; bytes: number[] }
  /** `depth` nested arrays or objects, alone or as the value of `field`. */
  | { kind: 'deep'; depth: number; open: '[' | '{'; field: string | null }
  /** One string field of about `bytes` UTF-8 bytes, under the body limit. */
  | { kind: 'huge'; field: string; bytes: number }
  /** A body over the limit (413). */
  | { kind: 'overLimit'; bytes: number };

export const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
] as const;
/** Content types the API does not take, or takes wrongly declared. */
export const WRONG_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/jsonx',
  'application/vnd.pgrst.object+json',
  ';',
  'application/',
] as const;

const SYNTAX_ERRORS = [
  '{',
  '{"a":1,}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":1}x',
  '// c\n{}',
  '[1,2',
  '"\\x41"',
  '\ufeff{}',
  'nul',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
];

/** Body specs for a route: mostly JSON objects keyed by the fields it reads, then the hostile shapes. */
export function bodySpec(
  schema: unknown,
  fields: string[],
  write: boolean,
  pools: Pools,
): fc.Arbitrary<BodySpec> {
  const key =
    fields.length > 0
      ? fc.oneof({ arbitrary: fc.constantFrom(...fields), weight: 5 }, randomText(10))
      : randomText(10);
  const object = fc
    .array(
      key.chain((k) => fieldValue(schema, k, pools).map((v) => [k, v] as const)),
      { maxLength: 6 },
    )
    .map((entries) => Object.fromEntries(entries) as unknown);
  // The fields a well-meaning client sends: the way past "missing field" into the deeper checks.
  const full = realisticRecord(schema, fields, pools) as fc.Arbitrary<unknown>;
  const jsonType = fc.oneof(
    { arbitrary: fc.constantFrom(...JSON_TYPES), weight: 9 },
    { arbitrary: fc.constantFrom(...WRONG_TYPES, null), weight: 1 },
  );
  const field = fields.length > 0 ? fc.constantFrom(...fields) : fc.constant('data');
  const specs: fc.WeightedArbitrary<BodySpec>[] = [
    { arbitrary: fc.record({ kind: fc.constant('json'), value: object, contentType: jsonType }), weight: 30 },
    {
      arbitrary: fc.record({
        kind: fc.constant('json'),
        value: full,
        contentType: fc.constant('application/json'),
      }),
      weight: 20,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant('json'),
        value: fc.jsonValue({ maxDepth: 4 }),
        contentType: jsonType,
      }),
      weight: 8,
    },
    { arbitrary: fc.constant({ kind: 'none' }), weight: 6 },
    {
      arbitrary: fc.record({
        kind: fc.constant('text'),
        text: fc.oneof(fc.constantFrom(...SYNTAX_ERRORS, '', 'a=b&c=d', '<x/>'), hostileText),
        contentType: fc.constantFrom(...JSON_TYPES, ...WRONG_TYPES, null),
      }),
      weight: 10,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant('invalidUtf8'),
        field,
        bytes: fc.array(fc.constantFrom(0x80, 0xbf, 0xc0, 0xc3, 0xe2, 0xed, 0xf0, 0xf5, 0xfe, 0xff), {
          minLength: 1,
          maxLength: 4,
        }),
      }),
      weight: 5,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant('deep'),
        depth: fc.constantFrom(65, 1000, 10_000),
        open: fc.constantFrom('[' as const, '{' as const),
        field: fc.option(field, { nil: null }),
      }),
      weight: 4,
    },
    {
      arbitrary: fc.record({ kind: fc.constant('huge'), field, bytes: fc.constant(BODY_LIMIT - 4096) }),
      weight: 1,
    },
    {
      arbitrary: fc.record({ kind: fc.constant('overLimit'), bytes: fc.constant(BODY_LIMIT + 1) }),
      weight: 1,
    },
  ];
  // GET and HEAD usually carry no body; sometimes they get one anyway.
  return write
    ? fc.oneof(...specs)
    : fc.oneof({ arbitrary: fc.constant<BodySpec>({ kind: 'none' }), weight: 9 }, fc.oneof(...specs));
}

/** The bytes and content type a body spec stands for. */
export function bodyBytes(spec: BodySpec): { payload?: string | Buffer; contentType: string | null } {
  switch (spec.kind) {
    case 'none':
      return { contentType: null };
    case 'json':
      return { payload: JSON.stringify(spec.value) ?? 'null', contentType: spec.contentType };
    case 'text':
      return { payload: spec.text, contentType: spec.contentType };
    case 'invalidUtf8':
      return {
        payload: Buffer.concat([
          Buffer.from(`{${JSON.stringify(spec.field)}:"ok `),
          Buffer.from(spec.bytes),
          Buffer.from(' ok"}'),
        ]),
        contentType: 'application/json',
      };
    case 'deep': {
      const nested =
        spec.open === '['
          ? '['.repeat(spec.depth) + ']'.repeat(spec.depth)
          : '{"a":'.repeat(spec.depth) + '1' + '}'.repeat(spec.depth);
      return {
        payload: spec.field ? `{${JSON.stringify(spec.field)}:${nested}}` : nested,
        contentType: 'application/json',
      };
    }
    case 'huge':
      return {
        payload: JSON.stringify({ [spec.field]: 'é'.repeat(Math.floor(spec.bytes / 2)) }),
        contentType: 'application/json',
      };
    case 'overLimit':
      return { payload: JSON.stringify({ data: 'x'.repeat(spec.bytes) }), contentType: 'application/json' };
  }
}

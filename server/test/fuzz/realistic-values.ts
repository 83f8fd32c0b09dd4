import fc from 'fast-check';
import { hostileNumber, hostileText } from './hostile-values.ts';
import type { Pools } from './pools.ts';
import { enumValues } from './schema-fields.ts';

const pick = <T>(values: readonly T[], fallback: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  values.length > 0 ? fc.constantFrom(...values) : fallback;

/** Realistic values for a path parameter, by its name. */
export function realisticParam(name: string, pools: Pools): fc.Arbitrary<string> {
  switch (name) {
    case 'number':
      return pick(pools.accountNumbers, fc.constant('0001'));
    case 'custId':
      return pick(pools.custIds, fc.constant('1'));
    case 'id':
      return fc.oneof(pick(pools.victimIds, fc.uuid()), pick(pools.auditIds, fc.constant('1')), fc.uuid());
    case 'bucket':
      return fc.constantFrom('customer-ids', 'customer-photos', 'customer-signatures', 'no-such-bucket');
    case '*':
      return fc.constantFrom(
        'c1/id.png',
        'customer-ids/c1/id.png',
        'index.css',
        'swagger-ui.css',
        'swagger-ui-bundle.js',
        'favicon-32x32.png',
        'nope.js',
      );
    default:
      return fc.oneof(fc.uuid(), fc.nat().map(String));
  }
}

/** Mobile numbers: valid E.164 (docs/product.md §5), the sign-up form's digits, and near misses. */
const phone = fc.constantFrom(
  '+23276123456',
  '+232 99 000 111',
  '+44 20 7946 0958',
  '+12025550123',
  '23276000000',
  '076 123 456',
  '+2327612345',
  '0',
);
const money = fc.constantFrom(
  '10.00',
  '1',
  '0',
  '0.00',
  '-5.00',
  '12.345',
  '1e3',
  '99999999999999999.99',
  ' 5 ',
  '5,00',
);
const glCode = fc.constantFrom('1030', '1900', '4020', '1010', '2020', '10', '1040', '1020-001', '9999', 'x');
/** `data` / `user_metadata`: the profile fields sign-up reads (docs/product.md §5), each maybe missing. */
const metadata = fc.record(
  {
    fullName: fc.oneof(fc.constant('Fuzz Person'), fc.string()),
    mobileNo: phone,
    bank_code: fc.constantFrom('CB', '', 'x'.repeat(40)),
  },
  { requiredKeys: [] },
);

/**
 * Built once per pools: a query key's value is chosen inside `chain`, once per generated case, and
 * building the table each time (its regex-driven `stringMatching`s above all) cost most of the run.
 */
const tables = new WeakMap<Pools, Record<string, fc.Arbitrary<unknown>>>();

/** Realistic values for a body field or query key, by its name (undefined: no idea, use hostile ones). */
export function realisticField(name: string, pools: Pools): fc.Arbitrary<unknown> | undefined {
  let table = tables.get(pools);
  if (!table) {
    table = realisticTable(pools);
    tables.set(pools, table);
  }
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

function realisticTable(pools: Pools): Record<string, fc.Arbitrary<unknown>> {
  return {
    email: fc.oneof(
      pick(pools.victimEmails, fc.emailAddress()),
      fc.emailAddress(),
      fc.constant('not-an-email'),
    ),
    password: fc.constantFrom('correct-horse-1', 'short', 'Another-Good-2026'),
    phone,
    mobile_no: phone,
    mobileNo: phone,
    data: metadata,
    user_metadata: metadata,
    app_metadata: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
    pay_acct: pick(pools.accountNumbers, fc.constant('0001')),
    mb_sub: fc.boolean(),
    version: fc.integer({ min: -1, max: 3 }),
    amount: money,
    reference: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/), fc.constant('TX000000000001')),
    description: fc.constantFrom('Fuzz deposit', '', ' ', 'x'.repeat(141)),
    // The ledger: GL codes that take lines, that do not (control, group, closed to manual, one currency), and garbage.
    counter_account: glCode,
    gl_code: glCode,
    from_account: pick(pools.accountNumbers, fc.constant('0001')),
    to_account: pick(pools.accountNumbers, fc.constant('0001')),
    rate: fc.constantFrom('22.5', '0', '0.000001', '1e3', '12345678901.5'),
    narration: fc.constantFrom('Fuzz journal', '', ' ', 'x'.repeat(141)),
    side: fc.constantFrom('debit', 'credit', 'both'),
    currency: fc.constantFrom('SLE', 'USD', 'EUR'),
    source: fc.constantFrom('manual', 'transfer', 'nope'),
    account: fc.oneof(pick(pools.accountNumbers, fc.constant('0001')), glCode),
    lines: fc.array(
      fc.record({
        gl_code: glCode,
        currency: fc.constantFrom('SLE', 'USD'),
        side: fc.constantFrom('debit', 'credit'),
        amount: money,
      }),
      { maxLength: 4 },
    ),
    type: fc.constantFrom('signup', 'recovery', 'magiclink', 'invite', 'email_change', 'email', 'sms'),
    token: fc.constantFrom('123456', '000000', ''),
    token_hash: fc.stringMatching(/^[0-9a-f]{56}$/),
    refresh_token: fc.stringMatching(/^[A-Za-z0-9_-]{12}$/),
    factor_type: fc.constantFrom('totp', 'phone', 'webauthn'),
    challenge_id: fc.uuid(),
    code: fc.stringMatching(/^\d{6}$/),
    ban_duration: fc.constantFrom('24h', '1h30m', 'none', '1x', '-1h', '999999999999h'),
    email_confirm: fc.boolean(),
    theme: fc.constantFrom('dark', 'light', 'neon', null),
    redirect_to: fc.constantFrom('http://localhost:3000/x', 'https://evil.example/', 'javascript:alert(1)'),
    grant_type: fc.constantFrom('password', 'refresh_token', 'pkce', 'id_token', 'client_credentials'),
    scope: fc.constantFrom('global', 'local', 'others', 'all'),
    page: fc.constantFrom('1', '2', '0', '-1', '1.5', '99999999999'),
    per_page: fc.constantFrom('1', '50', '1000', '0', '-3'),
    pageSize: fc.constantFrom('10', '100', '101', '0'),
    from: fc.constantFrom('2026-01-01', '2026-13-45', '1900-01-01', '2026-06-30'),
    to: fc.constantFrom('2026-06-30', '2025-01-01', '9999-12-31'),
    cursor: fc.oneof(fc.base64String({ maxLength: 40 }), fc.constant('eyJ0IjoiMjAyNi0wMS0wMSIsImkiOjF9')),
    select: fc.constantFrom('*', 'theme', 'id,theme', 'theme,nope', ''),
    id: fc.oneof(
      fc.uuid().map((u) => `eq.${u}`),
      pick(pools.victimIds, fc.uuid()).map((u) => `eq.${u}`),
      fc.constant('gt.1'),
    ),
  };
}

/** A realistic value for a named field: one of its enum values, or one from the table above. */
export function realisticValue(
  schema: unknown,
  name: string,
  pools: Pools,
): fc.Arbitrary<unknown> | undefined {
  const enums = enumValues(schema, name);
  return enums.length > 0 ? fc.constantFrom(...enums) : realisticField(name, pools);
}

const hostile = fc.oneof(
  hostileText,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A value for a named field: realistic (when known) or hostile JSON of any type. */
export function fieldValue(schema: unknown, name: string, pools: Pools): fc.Arbitrary<unknown> {
  const realistic = realisticValue(schema, name, pools);
  return realistic
    ? fc.oneof({ arbitrary: realistic, weight: 3 }, { arbitrary: hostile, weight: 2 })
    : hostile;
}

/**
 * Most of the named fields, each with a realistic value: the input of a well-meaning client, which
 * gets past "missing" and "wrong type" into the checks that need real data.
 */
export function realisticRecord(
  schema: unknown,
  names: string[],
  pools: Pools,
): fc.Arbitrary<Record<string, unknown>> {
  // One field in ten is left out (fc.option would leave out far more on small runs).
  const entries = names.map((n) =>
    fc.oneof(
      {
        arbitrary: (realisticValue(schema, n, pools) ?? fieldValue(schema, n, pools)).map(
          (v) => [n, v] as const,
        ),
        weight: 9,
      },
      { arbitrary: fc.constant(null), weight: 1 },
    ),
  );
  return fc.tuple(...entries).map((es) => Object.fromEntries(es.filter((e) => e !== null)));
}

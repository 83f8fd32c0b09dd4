import { SaxesParser } from 'saxes';

/**
 * The element structure of the goAML report this bank files (docs/decisions/0048-goaml-filing.md): for
 * each element with children, its children in the schema's order with how often each may occur, and
 * for each leaf the type of its text. A subset of the UNODC schema: the elements we fill, in its order.
 */
type Leaf = 'text' | 'code' | 'indicator' | 'dateTime' | 'amount' | 'rate' | 'reportCode';
type Child = readonly [name: string, min: number, max: number];

const N = Number.POSITIVE_INFINITY;
const LEAVES: Record<string, Leaf> = {
  rentity_id: 'text',
  submission_code: 'code',
  report_code: 'reportCode',
  entity_reference: 'text',
  submission_date: 'dateTime',
  currency_code_local: 'code',
  first_name: 'text',
  last_name: 'text',
  email: 'text',
  occupation: 'text',
  address_type: 'code',
  address: 'text',
  city: 'text',
  country_code: 'code',
  reason: 'text',
  action: 'text',
  transactionnumber: 'text',
  internal_ref_number: 'text',
  transaction_location: 'text',
  transaction_description: 'text',
  date_transaction: 'dateTime',
  transmode_code: 'code',
  amount_local: 'amount',
  foreign_currency_code: 'code',
  foreign_amount: 'amount',
  foreign_exchange_rate: 'rate',
  from_funds_code: 'code',
  to_funds_code: 'code',
  from_country: 'code',
  to_country: 'code',
  birthdate: 'dateTime',
  id_number: 'text',
  nationality1: 'code',
  institution_name: 'text',
  branch: 'text',
  account: 'text',
  currency_code: 'code',
  account_name: 'text',
  client_number: 'text',
  indicator: 'indicator',
};

const PERSON: Child[] = [
  ['first_name', 1, 1],
  ['last_name', 1, 1],
  ['birthdate', 0, 1],
  ['id_number', 0, 1],
  ['nationality1', 0, 1],
  ['occupation', 0, 1],
];
const ACCOUNT: Child[] = [
  ['institution_name', 1, 1],
  ['branch', 1, 1],
  ['account', 1, 1],
  ['currency_code', 1, 1],
  ['account_name', 1, 1],
  ['client_number', 0, 1],
];

/** A foreign-currency transaction's own amount and the rate its `amount_local` was worked out at. */
const FOREIGN: Child[] = [
  ['foreign_currency_code', 1, 1],
  ['foreign_amount', 1, 1],
  ['foreign_exchange_rate', 1, 1],
];

const ELEMENTS: Record<string, Child[]> = {
  report: [
    ['rentity_id', 1, 1],
    ['submission_code', 1, 1],
    ['report_code', 1, 1],
    ['entity_reference', 1, 1],
    ['submission_date', 1, 1],
    ['currency_code_local', 1, 1],
    ['reporting_person', 1, 1],
    ['location', 1, 1],
    ['reason', 0, 1],
    ['action', 0, 1],
    ['transaction', 0, N],
    ['report_indicators', 0, 1],
  ],
  reporting_person: [
    ['first_name', 1, 1],
    ['last_name', 1, 1],
    ['email', 1, 1],
    ['occupation', 1, 1],
  ],
  location: [
    ['address_type', 1, 1],
    ['address', 1, 1],
    ['city', 1, 1],
    ['country_code', 1, 1],
  ],
  transaction: [
    ['transactionnumber', 1, 1],
    ['internal_ref_number', 0, 1],
    ['transaction_location', 1, 1],
    ['transaction_description', 1, 1],
    ['date_transaction', 1, 1],
    ['transmode_code', 1, 1],
    ['amount_local', 1, 1],
    // One of each pair: checked after the order (a choice the table below states).
    ['t_from_my_client', 0, 1],
    ['t_from', 0, 1],
    ['t_to_my_client', 0, 1],
    ['t_to', 0, 1],
  ],
  t_from_my_client: [
    ['from_funds_code', 1, 1],
    ['from_foreign_currency', 0, 1],
    ['from_account', 1, 1],
    ['from_country', 1, 1],
  ],
  t_from: [
    ['from_funds_code', 1, 1],
    ['from_foreign_currency', 0, 1],
    ['from_person', 1, 1],
    ['from_country', 1, 1],
  ],
  t_to_my_client: [
    ['to_funds_code', 1, 1],
    ['to_foreign_currency', 0, 1],
    ['to_account', 1, 1],
    ['to_country', 1, 1],
  ],
  t_to: [
    ['to_funds_code', 1, 1],
    ['to_foreign_currency', 0, 1],
    ['to_person', 1, 1],
    ['to_country', 1, 1],
  ],
  from_foreign_currency: FOREIGN,
  to_foreign_currency: FOREIGN,
  from_person: PERSON,
  to_person: PERSON,
  from_account: ACCOUNT,
  to_account: ACCOUNT,
  report_indicators: [['indicator', 1, N]],
};

/** Exactly one of each pair under a transaction. */
const CHOICES: [string, string][] = [
  ['t_from_my_client', 't_from'],
  ['t_to_my_client', 't_to'],
];

const TYPES: Record<Leaf, RegExp> = {
  text: /\S/,
  code: /^[A-Z0-9]{1,3}$/,
  indicator: /^[A-Z0-9]{1,10}$/,
  dateTime: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/,
  amount: /^\d{1,16}(\.\d{1,2})?$/,
  rate: /^\d{1,10}(\.\d{1,6})?$/,
  reportCode: /^(STR|CTR)$/,
};

/** 2026-02-30 has the shape of a date but is none. */
const realDate = (v: string) => new Date(`${v}Z`).toISOString().slice(0, 19) === v;

interface Node {
  name: string;
  children: Node[];
  text: string;
}

function parse(xml: string): Node {
  const parser = new SaxesParser();
  const stack: Node[] = [];
  let root: Node | undefined;
  parser.on('opentag', (t) => {
    const n: Node = { name: t.name, children: [], text: '' };
    if (stack.length) stack[stack.length - 1]!.children.push(n);
    else root = n;
    stack.push(n);
  });
  parser.on('text', (s) => {
    if (stack.length) stack[stack.length - 1]!.text += s;
  });
  parser.on('closetag', () => void stack.pop());
  parser.write(xml).close();
  if (!root) throw new Error('no root element');
  return root;
}

function check(n: Node, path: string, errors: string[]): void {
  const here = `${path}/${n.name}`;
  const leaf = LEAVES[n.name];
  if (leaf) {
    if (n.children.length) errors.push(`${here}: must hold text only`);
    else if (!TYPES[leaf].test(n.text) || (leaf === 'dateTime' && !realDate(n.text)))
      errors.push(`${here}: "${n.text}" is not a ${leaf}`);
    return;
  }
  const rule = ELEMENTS[n.name];
  if (!rule) {
    errors.push(`${here}: unknown element`);
    return;
  }
  if (n.text.trim()) errors.push(`${here}: text where only elements belong`);
  let i = 0;
  for (const [name, min, max] of rule) {
    let count = 0;
    while (i < n.children.length && n.children[i]!.name === name) {
      check(n.children[i]!, here, errors);
      count++;
      i++;
    }
    if (count < min) errors.push(`${here}: ${name} is required`);
    if (count > max) errors.push(`${here}: ${name} at most ${max}`);
  }
  if (i < n.children.length) errors.push(`${here}: ${n.children[i]!.name} is out of order or not allowed`);
  if (n.name === 'transaction')
    for (const [a, b] of CHOICES) {
      const has = n.children.filter((c) => c.name === a || c.name === b).length;
      if (has !== 1) errors.push(`${here}: exactly one of ${a} or ${b}`);
    }
}

/**
 * The errors of a goAML document against the structure above: [] when it conforms. Malformed XML is
 * one error. Tests and the download routes' tests use it; the FIU's own validator is the final word.
 */
export function checkGoamlStructure(xml: string): string[] {
  let root: Node;
  try {
    root = parse(xml);
  } catch (e) {
    return [`not well-formed XML: ${(e as Error).message}`];
  }
  if (root.name !== 'report') return [`the root must be report, not ${root.name}`];
  const errors: string[] = [];
  check(root, '', errors);
  const code = root.children.find((c) => c.name === 'report_code')?.text;
  if (code === 'STR' && !root.children.some((c) => c.name === 'reason'))
    errors.push('/report: an STR states its reason');
  return errors;
}

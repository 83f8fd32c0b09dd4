import type { PublishedTable, Row } from './published-tables.ts';

/** The `filter` of a postgres_changes binding: `column=op.value` (PostgREST style; `in.(a,b)`). */
export interface RowFilter {
  column: string;
  op: 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';
  values: string[];
}

const OPS = new Set(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in']);

/** Parses a filter against the table's columns; a string is the reason it is refused. */
export function parseFilter(table: PublishedTable, filter: string): RowFilter | string {
  const m = /^([a-z_][a-z0-9_]*)=([a-z]+)\.(.*)$/s.exec(filter);
  if (!m) return `invalid filter "${filter}": expected column=operator.value`;
  const [, column = '', op = '', rest = ''] = m;
  if (!table.columns.some((c) => c.name === column)) {
    return `invalid filter "${filter}": ${table.name} has no column ${column}`;
  }
  if (!OPS.has(op)) return `invalid filter "${filter}": operator must be one of ${[...OPS].join(', ')}`;
  if (op === 'in') {
    const list = /^\((.*)\)$/s.exec(rest);
    if (!list?.[1]) return `invalid filter "${filter}": in expects (a,b,…)`;
    const values = list[1].split(',').map((v) => v.trim().replace(/^"(.*)"$/s, '$1'));
    if (values.length > 100) return `invalid filter "${filter}": at most 100 values`;
    return { column, op: 'in', values };
  }
  return { column, op: op as RowFilter['op'], values: [rest] };
}

const asNumber = (v: string) => (/^-?\d+(\.\d+)?$/.test(v) ? Number(v) : undefined);

/** Compares as numbers when both sides are numbers, else as text (ISO timestamps order as text). */
function compare(a: string, b: string): number {
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== undefined && y !== undefined) return x - y;
  return a < b ? -1 : a > b ? 1 : 0;
}

const text = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;

export function matches(filter: RowFilter, row: Row): boolean {
  const value = text(row[filter.column]);
  if (value === undefined) return false; // SQL: a comparison with NULL is never true
  const [first = ''] = filter.values;
  switch (filter.op) {
    case 'eq':
      return compare(value, first) === 0;
    case 'neq':
      return compare(value, first) !== 0;
    case 'lt':
      return compare(value, first) < 0;
    case 'lte':
      return compare(value, first) <= 0;
    case 'gt':
      return compare(value, first) > 0;
    case 'gte':
      return compare(value, first) >= 0;
    case 'in':
      return filter.values.some((v) => compare(value, v) === 0);
  }
}

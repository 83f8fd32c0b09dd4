import { createHash } from 'node:crypto';
import {
  RETURN_CURRENCIES,
  fromCents,
  previousMonthEnd,
  toCents,
  type PreparedReturn,
  type PreparedReturns,
  type ReturnCheck,
  type ReturnFigures,
  type ReturnLine,
  type ReturnLineUnit,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { percentCents } from './ratio.ts';
import { accountFigures, glFigures, trialBalanceRows, type BaseFigure } from './figures.ts';
import { loanFigures } from './loan-lines.ts';
import { loadTemplates, type Template, type TemplateLine } from './templates.ts';

type Currency = (typeof RETURN_CURRENCIES)[number];
type Cents = Record<Currency, bigint | null>;
const NONE: Cents = { SLE: null, USD: null };

const key = (template: string, line: string) => `${template}/${line}`;

function byLine(rows: BaseFigure[]): Map<string, Cents> {
  const out = new Map<string, Cents>();
  for (const r of rows) {
    const k = key(r.template, r.line);
    const c = out.get(k) ?? { SLE: 0n, USD: 0n };
    if (r.currency === 'SLE' || r.currency === 'USD')
      c[r.currency] = (c[r.currency] ?? 0n) + toCents(r.amount);
    out.set(k, c);
  }
  return out;
}

const unitOf = (l: TemplateLine): ReturnLineUnit =>
  l.kind === 'ratio' ? 'percent' : l.kind === 'exposure' && l.measure === 'count' ? 'count' : 'amount';

/** Every line's figures of one template: base figures, then totals and ratios in line order. */
function templateFigures(t: Template, base: Map<string, Cents>): Map<string, Cents> {
  const out = new Map<string, Cents>();
  for (const l of t.lines) {
    if (l.kind === 'heading' || l.kind === 'unavailable') out.set(l.code, NONE);
    else if (l.kind === 'gl' || l.kind === 'breakdown' || l.kind === 'exposure' || l.kind === 'loan')
      out.set(l.code, base.get(key(t.code, l.code)) ?? { SLE: 0n, USD: 0n });
    else {
      const terms = (l.terms ?? []).map((term) => ({
        sign: term.startsWith('-') ? -1n : 1n,
        figures: out.get(term.replace(/^-/, '')) ?? NONE,
      }));
      const per = (c: Currency): bigint | null => {
        if (l.kind === 'ratio') {
          const [a, b] = terms.map((x) => x.figures[c]);
          return a == null || b == null ? null : percentCents(a, b);
        }
        return terms.reduce((s, x) => s + x.sign * (x.figures[c] ?? 0n), 0n);
      };
      out.set(l.code, { SLE: per('SLE'), USD: per('USD') });
    }
  }
  return out;
}

const show = (c: bigint | null, unit: ReturnLineUnit): string | null =>
  c == null ? null : unit === 'count' ? (c / 100n).toString() : fromCents(c);

const shown = (c: Cents, unit: ReturnLineUnit): ReturnFigures => ({
  SLE: show(c.SLE, unit),
  USD: show(c.USD, unit),
});

const minus = (a: Cents, b: Cents): Cents => ({
  SLE: a.SLE == null || b.SLE == null ? null : a.SLE - b.SLE,
  USD: a.USD == null || b.USD == null ? null : a.USD - b.USD,
});

/** Every template's lines at one date, keyed by template, as exact cents. */
async function figuresAt(db: Database, templates: Template[], date: string) {
  const tb = await trialBalanceRows(db, date);
  // One after the other: inside the sign-off's transaction they share one connection.
  const gl = await glFigures(db, tb);
  const accounts = await accountFigures(db, date, tb);
  const loans = await loanFigures(db, date);
  const base = byLine([...gl.lines, ...accounts, ...loans]);
  const checks = byLine(gl.checks);
  return new Map(templates.map((t) => [t.code, { lines: templateFigures(t, base), checks }]));
}

/** sha256 of a text, hex: the fingerprint of prepared figures and the hash of a filed snapshot. */
export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * A month end's returns: every line from the trial balance at the end of that date (and the customer
 * accounts under the control accounts for breakdowns), the previous month end beside it with the
 * variance, and each return's reconciliation against the trial balance, whose difference must be 0.00.
 */
export async function prepareReturns(db: Database, monthEnd: string): Promise<PreparedReturns> {
  const templates = await loadTemplates(db);
  const previous = previousMonthEnd(monthEnd);
  const now = await figuresAt(db, templates, monthEnd);
  const before = await figuresAt(db, templates, previous);
  const returns: PreparedReturn[] = templates.map((t) => {
    const cur = now.get(t.code)!;
    const prev = before.get(t.code)!;
    const lines: ReturnLine[] = t.lines.map((l) => {
      const unit = unitOf(l);
      const c = cur.lines.get(l.code)!;
      const p = prev.lines.get(l.code)!;
      return {
        code: l.code,
        label: l.label,
        kind: l.kind,
        unit,
        current: shown(c, unit),
        previous: shown(p, unit),
        variance: shown(minus(c, p), unit),
      };
    });
    const checks: ReturnCheck[] = t.checks.flatMap((chk) =>
      RETURN_CURRENCIES.map((currency) => {
        const line = cur.lines.get(chk.line)?.[currency] ?? 0n;
        const tb = cur.checks.get(key(t.code, chk.line))?.[currency] ?? 0n;
        return {
          line: chk.line,
          label: t.lines.find((l) => l.code === chk.line)?.label ?? chk.line,
          currency,
          returnTotal: fromCents(line),
          trialBalance: fromCents(tb),
          difference: fromCents(line - tb),
        };
      }),
    );
    return {
      code: t.code,
      name: t.name,
      note: t.note,
      lines,
      checks,
      reconciled: checks.every((c) => c.difference === '0.00'),
    };
  });
  const fingerprint = sha256(JSON.stringify({ monthEnd, previous, returns }));
  return {
    monthEnd,
    previousMonthEnd: previous,
    returns,
    reconciled: returns.every((r) => r.reconciled),
    fingerprint,
  };
}

import { ApiError } from '@/lib/api-client';
import type { DraftLine } from './journal-totals';

export interface FormErrors {
  /** By line key: the message shown under that line. */
  lines: Record<number, string>;
  /** By field name (narration, reference, value_date). */
  fields: Record<string, string>;
  /** A refusal that belongs to no single field. */
  form?: string;
}

/**
 * Puts a refused post's details where the user typed the value: a 400's `details` name the field as
 * `/lines/2/amount`; a 409 may name a line index (`details.line`) or a GL code (`details.gl_code`, else in its message).
 */
export function formErrorsFrom(err: unknown, lines: DraftLine[]): FormErrors {
  const out: FormErrors = { lines: {}, fields: {} };
  if (!(err instanceof ApiError)) {
    out.form = err instanceof Error ? err.message : 'Posting failed';
    return out;
  }
  const details = (err.body as { details?: unknown } | undefined)?.details;
  if (Array.isArray(details)) {
    for (const d of details as { path?: string; message?: string }[]) {
      const m = /^\/lines\/(\d+)(?:\/(\w+))?/.exec(d.path ?? '');
      const line = m ? lines[Number(m[1])] : undefined;
      if (line)
        out.lines[line.key] = `${m![2] ? `${m![2].replace('_', ' ')}: ` : ''}${d.message ?? 'invalid'}`;
      else if (d.path && /^\/\w+$/.test(d.path)) out.fields[d.path.slice(1)] = d.message ?? 'invalid';
      else out.form = `${err.message}: ${d.message ?? ''}`;
    }
  } else if (details && typeof details === 'object') {
    const d = details as { line?: unknown; gl_code?: unknown };
    const byIndex = typeof d.line === 'number' ? lines[d.line] : undefined;
    // The ledger's refusals name the GL account in their message ("GL account 1040 keeps USD only").
    const named = typeof d.gl_code === 'string' ? d.gl_code : /GL account (\S+)/.exec(err.message)?.[1];
    const byCode = lines.filter((l) => named !== undefined && l.gl_code === named);
    for (const l of byIndex ? [byIndex] : byCode) out.lines[l.key] = err.message;
    if (!byIndex && byCode.length === 0) out.form = err.message;
  } else out.form = err.message;
  return out;
}

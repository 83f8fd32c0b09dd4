import { depositBorrowingQuerySchema, ENQUIRY_ANALYSIS_TEXT as T } from '@bankmanager/contracts';

/** The month `n` months before `month` (YYYY-MM). */
export function monthsBefore(month: string, n: number): string {
  const i = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 - n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}

/**
 * The period's error per field, by the server's own schema and its order rule; empty when it may be
 * asked for (the server still refuses a month after the business month, and says so).
 */
export function periodErrors(from: string, to: string): { from?: string; to?: string } {
  const r = depositBorrowingQuerySchema.safeParse({ from, to });
  if (!r.success) {
    const out: { from?: string; to?: string } = {};
    for (const i of r.error.issues) {
      const k = i.path[0];
      if ((k === 'from' || k === 'to') && !out[k]) out[k] = i.message;
    }
    return out;
  }
  return to < from ? { to: T.monthOrder } : {};
}

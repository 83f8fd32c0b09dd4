import { describe, expect, it } from 'vitest';
import { describeStepTotal, describeStepTotals, displayReportCell } from './display.ts';
import type { EodReport } from './reports.ts';

describe('what an end-of-day step did, as people read it', () => {
  it('shows a figure whose key names a currency as money in that currency', () => {
    expect(describeStepTotal('SLE credit interest booked', '23134.44')).toBe(
      'Credit interest booked: Le 23,134.44',
    );
    expect(describeStepTotal('USD gross', '1250.5')).toBe('Gross: $1,250.50');
  });
  it('shows any other figure as a grouped count', () => {
    expect(describeStepTotal('accounts earning', '12980')).toBe('Accounts earning: 12,980');
    expect(describeStepTotal('not posted, account totally blocked', '40')).toBe(
      'Not posted, account totally blocked: 40',
    );
  });
  it('joins a step’s figures in the order of their keys', () => {
    expect(describeStepTotals({ 'SLE net': '3609.59', 'accounts in SLE': '2' })).toBe(
      'Accounts in SLE: 2 · Net: Le 3,609.59',
    );
  });
});

describe('a report cell as the screen and the PDF show it', () => {
  const report: EodReport = {
    report: 'wht',
    title: 't',
    subtitle: [],
    columns: [
      { title: 'Branch', numeric: false },
      { title: 'Ccy', numeric: false },
      { title: 'Postings', numeric: true },
      { title: 'WHT', numeric: true, money: true },
    ],
    currencyColumn: 1,
    rows: [],
    totals: [],
    truncated: false,
  };
  it('formats money in the row’s currency and groups counts', () => {
    const row = ['001', 'SLE', '12345', '636.99'];
    expect(row.map((_, j) => displayReportCell(report, row, j))).toEqual([
      '001',
      'SLE',
      '12,345',
      'Le 636.99',
    ]);
    const usd = ['001', 'USD', '2', '-5'];
    expect(displayReportCell(report, usd, 3)).toBe('-$5.00');
  });
  it('leaves labels and empty cells alone', () => {
    const total = ['Due to NRA', '', '', ''];
    expect(total.map((_, j) => displayReportCell(report, total, j))).toEqual(total);
  });
});

import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EodReport, EodRun } from '@bankmanager/contracts';
import { ReportTable } from './report-table';
import { StepTable } from './step-table';

const step = (over: Partial<EodRun['steps'][number]>): EodRun['steps'][number] => ({
  step: 'interest_posting',
  label: 'Interest posting',
  position: 1,
  status: 'done',
  rowsTotal: 980,
  rowsDone: 940,
  rowsFailed: 0,
  startedAt: null,
  finishedAt: null,
  updatedAt: '2026-11-30T18:00:00Z',
  note: null,
  error: null,
  totals: {},
  ...over,
});

describe('end-of-day figures as money, with the rows not done explained', () => {
  it('shows what a step did as money with its currency and says why rows were not posted', () => {
    const run = {
      id: '7',
      status: 'completed',
      steps: [
        step({
          totals: {
            'SLE gross': '23134.44',
            'accounts in SLE': '940',
            'not posted, account totally blocked': '40',
          },
        }),
      ],
    } as unknown as EodRun;
    render(<StepTable run={run} />);
    const row = screen.getByRole('row', { name: /Interest posting/ });
    expect(within(row).getByText(/Gross: Le 23,134\.44/)).toBeInTheDocument();
    expect(within(row).getByText(/Not posted, account totally blocked: 40/)).toBeInTheDocument();
    expect(within(row).queryByText(/SLE gross: 23134\.44/)).toBeNull();
  });

  it('shows a report’s money columns in each row’s currency and groups counts', () => {
    const report: EodReport = {
      report: 'wht',
      title: 'Withholding tax due to NRA',
      subtitle: [],
      columns: [
        { title: 'Ccy', numeric: false },
        { title: 'Postings', numeric: true },
        { title: 'WHT', numeric: true, money: true },
      ],
      currencyColumn: 0,
      rows: [
        ['SLE', '1200', '636.99'],
        ['USD', '3', '0.09'],
      ],
      totals: [],
      truncated: false,
    };
    render(<ReportTable report={report} />);
    expect(screen.getByRole('cell', { name: 'Le 636.99' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '$0.09' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '1,200' })).toBeInTheDocument();
  });
});

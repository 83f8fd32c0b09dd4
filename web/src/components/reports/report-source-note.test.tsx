import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REPORT_SOURCE_TEXT as T, formatDateTime } from '@bankmanager/contracts';
import { ReportSourceNote } from './report-source-note';

const asOf = '2026-11-28T23:10:00.000Z';

describe('ReportSourceNote', () => {
  it('says the figures are live from the primary', () => {
    render(<ReportSourceNote served={{ source: 'primary', asOf, lagSeconds: null, stale: false }} />);
    expect(screen.getByText(T.primary)).toBeInTheDocument();
  });

  it('says the read replica served them, and as of when', () => {
    render(<ReportSourceNote served={{ source: 'replica', asOf, lagSeconds: 0.4, stale: false }} />);
    expect(screen.getByText(T.replica(formatDateTime(asOf)))).toBeInTheDocument();
  });

  it('announces a replica behind its bound as a status, with the lag', () => {
    render(<ReportSourceNote served={{ source: 'replica', asOf, lagSeconds: 125.3, stale: true }} />);
    expect(screen.getByRole('status')).toHaveTextContent(T.stale(formatDateTime(asOf), '125 s'));
  });

  it('shows nothing for an answer without the metadata', () => {
    const { container } = render(<ReportSourceNote served={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});

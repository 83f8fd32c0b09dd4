import { describe, expect, it } from 'vitest';
import { accountExportFileName, auditExportFileName } from './export-names.ts';

describe('export file names', () => {
  it('name a statement PDF and a transactions CSV by account and period', () => {
    expect(accountExportFileName('1001234567', '2026-01-01', '2026-01-31', 'pdf')).toBe(
      'statement-1001234567-2026-01-01-to-2026-01-31.pdf',
    );
    expect(accountExportFileName('1001234567', '2026-01-01', '2026-01-31', 'csv')).toBe(
      'transactions-1001234567-2026-01-01-to-2026-01-31.csv',
    );
  });

  it('name the audit export by its UTC day', () => {
    expect(auditExportFileName(new Date('2026-03-04T23:30:00Z'))).toBe('audit-2026-03-04.csv');
  });
});

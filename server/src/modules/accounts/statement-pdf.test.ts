import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { createTestDb } from '../../../test/support/harness.ts';
import type { DbHandle } from '../../db/client.ts';
import { openTestAccount } from '../../../test/support/banking-fixtures.ts';
import { findAccount } from './repository.ts';
import { buildStatement } from './statement.ts';
import { statementPdf } from './statement-pdf.ts';
import { postAt } from '../../../test/support/postings.ts';

async function pdfText(doc: PDFKit.PDFDocument): Promise<{ bytes: Buffer; text: string }> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  await new Promise((resolve) => doc.on('end', resolve));
  const bytes = Buffer.concat(chunks);
  const parsed = await new PDFParse({ data: bytes }).getText();
  return { bytes, text: parsed.text };
}

describe('statement PDF', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  it('shows bank, branch, holder, period, opening and closing balances, totals and every posting', async () => {
    const { accountId } = await openTestAccount(h.db, { type: 'Savings' });
    await postAt(h.db, accountId, '2026-02-27T08:00:00Z', 'credit', '5000.00');
    await postAt(h.db, accountId, '2026-03-02T08:00:00Z', 'credit', '1250.50', 'Salary March');
    await postAt(h.db, accountId, '2026-03-03T08:00:00Z', 'debit', '300.25', 'ATM withdrawal');
    const acc = (await h.db.query.accounts.findFirst({ where: (a, { eq }) => eq(a.id, accountId) }))!;
    const account = (await findAccount(h.db, acc.accountNumber))!;
    const { bytes, text } = await pdfText(
      statementPdf(await buildStatement(h.db, account, '2026-03-01', '2026-03-31')),
    );
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    for (const expected of [
      'BankManager Bank',
      'Test Branch branch (T01), Freetown',
      `Account holder: ${account.accountName}`,
      'Period: March 1, 2026 to March 31, 2026',
      'Opening balance: Le 5,000.00',
      'Salary March',
      'ATM withdrawal',
      'Total credits: Le 1,250.50',
      'Total debits: Le 300.25',
      'Closing balance: Le 5,950.25',
    ]) {
      expect(text).toContain(expected);
    }
  });
});

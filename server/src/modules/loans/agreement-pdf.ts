import { formatAmount, formatLongDate, fromCents, toCents, type LoanDetail } from '@bankmanager/contracts';
import { reportPdf, type PdfRow } from '../../lib/report-pdf.ts';

const FREQUENCY = { monthly: 'monthly', fortnightly: 'fortnightly', weekly: 'weekly' } as const;

/**
 * The loan agreement summary the customer takes home: what was lent and paid out, the rate and the
 * APR (the fees counted), the frozen schedule and the total cost of credit. The report layout every
 * printed page of the bank uses (lib/report-pdf.ts).
 */
export function agreementPdf(l: LoanDetail): PDFKit.PDFDocument {
  const money = (v: string) => `${l.currency} ${formatAmount(v)}`;
  const rows: PdfRow[] = l.schedule.map((i) => [
    String(i.instalmentNumber),
    formatLongDate(i.dueDate),
    formatAmount(i.principalDue),
    formatAmount(i.interestDue),
    formatAmount(i.feeDue),
    formatAmount(i.totalDue),
  ]);
  const total = (k: 'principalDue' | 'interestDue' | 'feeDue' | 'totalDue') =>
    formatAmount(fromCents(l.schedule.reduce((s, i) => s + toCents(i[k]), 0n)));
  rows.push({
    bold: ['', 'Total', total('principalDue'), total('interestDue'), total('feeDue'), total('totalDue')],
  });
  return reportPdf({
    title: `Loan agreement summary: loan ${l.id}, account ${l.accountNumber}`,
    subtitle: [
      `Borrower: ${l.customerName} (customer ${l.custId}), branch ${l.branch}`,
      `Product: ${l.productName} (${l.productCode}, version ${l.productVersion})`,
      `Amount lent: ${money(l.amount)}; processing fee ${money(l.processingFee)}; paid out ${money(l.netDisbursed)} to ${l.repaymentAccount}`,
      `Nominal rate: ${Number(l.rate)}% a year; ${l.term} ${FREQUENCY[l.frequency]} instalments from ${formatLongDate(l.firstDueDate)}`,
      `Annual percentage rate (APR, fees included): ${l.apr}%`,
      `Total interest: ${money(l.totalInterest)}; total cost of credit: ${money(l.totalCostOfCredit)}`,
      `Disbursed on ${formatLongDate(l.disbursementDate)}`,
    ],
    columns: [
      { title: 'No.', width: 35, align: 'right' },
      { title: 'Due date', width: 120, align: 'left' },
      { title: 'Principal', width: 90, align: 'right' },
      { title: 'Interest', width: 90, align: 'right' },
      { title: 'Fees', width: 70, align: 'right' },
      { title: 'Instalment', width: 105, align: 'right' },
    ],
    rows,
    footer: [
      'The total cost of credit is every instalment of the schedule less the amount paid out. Late payment',
      'adds penalties under the product’s terms. Due dates on a weekend or a public holiday move to the next',
      'business day; interest is counted per period.',
    ],
  });
}

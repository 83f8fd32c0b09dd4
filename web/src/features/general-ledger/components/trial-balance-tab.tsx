import { GL_CLASS_LABELS, GL_REPORT_TEXT, formatAmount, formatCurrency } from '@bankmanager/contracts';
import { DateField } from '@/components/ui/date-field';
import { Field } from '@/components/ui/form-field';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useTrialBalance } from '../api/get-trial-balance';
import { DownloadButtons, useReportDate } from './report-toolbar';
import { Notice } from '@/components/ui/notice';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The trial balance as of a date; a red banner when a currency's debits and credits differ. */
export function TrialBalanceTab() {
  const [date, setDate] = useReportDate();
  const tb = useTrialBalance(date);
  const d = tb.data;
  const off = d?.totals.filter((t) => t.difference !== '0.00').map((t) => t.currency) ?? [];
  return (
    <section aria-labelledby="tb-title" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="tb-title" className="text-xl font-semibold">
          {GL_REPORT_TEXT.trialBalanceTitle}
        </h2>
        <DownloadButtons label="the trial balance" what={date ? { report: 'trial-balance', date } : null} />
      </div>
      <Field id="tb-date" label="As of" className="w-fit">
        {/* Only a whole date asks for a report; a half-typed one waits. */}
        <DateField label="As of" value={date} required onChange={(v) => ISO_DATE.test(v) && setDate(v)} />
      </Field>
      {tb.isPending ? (
        <p>Loading trial balance...</p>
      ) : tb.isError ? (
        <p role="alert" className="text-destructive">
          {tb.error.message}
        </p>
      ) : d ? (
        <>
          {off.length ? (
            <Notice tone="problem" data-testid="tb-out-of-balance">
              {GL_REPORT_TEXT.outOfBalance(off.join(' and '))}
            </Notice>
          ) : (
            <Notice tone="fine">{GL_REPORT_TEXT.balanced}</Notice>
          )}
          <Table>
            <TableCaption>{`Trial balance as of ${d.date}`}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead kind="code">Code</TableHead>
                <TableHead>Account</TableHead>
                <TableHead className="hidden sm:table-cell">Class</TableHead>
                <TableHead>Currency</TableHead>
                <TableHead align="right">Debit</TableHead>
                <TableHead align="right">Credit</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {d.rows.map((r) => (
                <TableRow key={`${r.code}-${r.currency}`}>
                  <TableCell kind="code">{r.code}</TableCell>
                  <TableCell>{r.name}</TableCell>
                  <TableCell className="hidden sm:table-cell">{GL_CLASS_LABELS[r.class]}</TableCell>
                  <TableCell>{r.currency}</TableCell>
                  <TableCell align="right" kind="amount">
                    {r.debit === '0.00' ? '' : formatAmount(r.debit)}
                  </TableCell>
                  <TableCell align="right" kind="amount">
                    {r.credit === '0.00' ? '' : formatAmount(r.credit)}
                  </TableCell>
                </TableRow>
              ))}
              {d.totals.map((t) => (
                <TableRow key={t.currency} className="font-semibold" data-testid={`tb-total-${t.currency}`}>
                  <TableCell />
                  <TableCell>{`Total ${t.currency}`}</TableCell>
                  <TableCell className="hidden sm:table-cell" />
                  <TableCell>{t.currency}</TableCell>
                  <TableCell align="right" kind="amount">
                    {formatCurrency(t.debit, t.currency)}
                  </TableCell>
                  <TableCell align="right" kind="amount">
                    {formatCurrency(t.credit, t.currency)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      ) : null}
    </section>
  );
}

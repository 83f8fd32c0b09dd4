import { useState } from 'react';
import { GL_REPORT_TEXT, formatAmount, formatCurrency } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useGlAccounts } from '../api/get-gl-accounts';
import { useGlStatement, type GlStatementRequest } from '../api/get-gl-statement';
import { DownloadButtons, useReportDate } from './report-toolbar';
import { DateField } from '@/components/ui/date-field';

const monthAgo = () => new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

/** The lines of one GL account over a period, keyset-paged, with opening and closing balances. */
export function GlStatementView({ initialCode }: { initialCode?: string }) {
  const chart = useGlAccounts();
  const [code, setCode] = useState(initialCode ?? '');
  const [currency, setCurrency] = useState<'SLE' | 'USD'>('SLE');
  const [from, setFrom] = useState(monthAgo);
  const [to, setTo] = useReportDate();
  const account = chart.data?.find((a) => a.code === code);
  const cur = account && account.currency !== 'both' ? account.currency : currency;
  const request: GlStatementRequest | null = code && from && to ? { code, from, to, currency: cur } : null;
  const st = useGlStatement(request);
  const first = st.data?.pages[0];
  const lines = st.data?.pages.flatMap((p) => p.lines) ?? [];
  return (
    <section aria-labelledby="gls-title" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id="gls-title" className="text-lg font-semibold">
          {GL_REPORT_TEXT.glStatementTitle}
        </h3>
        <DownloadButtons
          label="the GL account statement"
          what={request ? { report: 'gl-statement', code, currency: cur, from, to } : null}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Field id="gls-account" label="GL account">
          <Select value={code} onChange={(e) => setCode(e.target.value)}>
            <option value="">Choose a GL account</option>
            {(chart.data ?? [])
              .filter((a) => a.kind === 'account')
              .map((a) => (
                <option key={a.code} value={a.code}>{`${a.code} ${a.name}`}</option>
              ))}
          </Select>
        </Field>
        <Field id="gls-currency" label="Currency">
          <Select
            value={cur}
            disabled={account !== undefined && account.currency !== 'both'}
            onChange={(e) => setCurrency(e.target.value as 'SLE' | 'USD')}
          >
            <option value="SLE">SLE</option>
            <option value="USD">USD</option>
          </Select>
        </Field>
        <Field id="gls-from" label="From">
          <DateField label="From" value={from} required onChange={setFrom} />
        </Field>
        <Field id="gls-to" label="To">
          <DateField label="To" value={to} required onChange={setTo} />
        </Field>
      </div>
      {!request ? (
        <p className="text-muted-foreground">Choose a GL account and a period.</p>
      ) : st.isPending ? (
        <p>Loading statement...</p>
      ) : st.isError ? (
        <p role="alert" className="text-destructive">
          {st.error.message}
        </p>
      ) : first ? (
        <>
          <p>
            {`Opening balance ${formatCurrency(first.opening_balance, first.currency)} · Closing balance ${formatCurrency(first.closing_balance, first.currency)} (debit-positive)`}
          </p>
          <Table>
            <TableCaption>{`Lines of ${first.code} ${first.name} in ${first.currency}`}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead kind="date">Date</TableHead>
                <TableHead kind="code">Entry</TableHead>
                <TableHead>Narration</TableHead>
                <TableHead align="right">Debit</TableHead>
                <TableHead align="right">Credit</TableHead>
                <TableHead align="right">Balance</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {lines.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6} className="text-muted-foreground">
                    No lines in this period.
                  </TableCell>
                </TableRow>
              ) : (
                lines.map((l) => (
                  <TableRow key={l.line_id}>
                    <TableCell kind="date">{l.business_date}</TableCell>
                    <TableCell kind="code">{l.entry_id}</TableCell>
                    <TableCell>{l.narration}</TableCell>
                    <TableCell align="right" kind="amount">
                      {l.debit ? formatAmount(l.debit) : ''}
                    </TableCell>
                    <TableCell align="right" kind="amount">
                      {l.credit ? formatAmount(l.credit) : ''}
                    </TableCell>
                    <TableCell align="right" kind="amount">
                      {formatAmount(l.balance)}
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
          {st.hasNextPage ? (
            <Button
              variant="outline"
              className="w-fit"
              disabled={st.isFetchingNextPage}
              onClick={() => void st.fetchNextPage()}
            >
              {st.isFetchingNextPage ? 'Loading...' : 'Show more'}
            </Button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

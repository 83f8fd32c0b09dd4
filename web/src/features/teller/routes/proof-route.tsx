import { useState, type ReactNode } from 'react';
import { formatCurrency, formatDate, formatDateTime } from '@bankmanager/contracts';
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
import { useBranch } from '@/lib/branch';
import { useBranchDiff } from '../api/get-branch-diff';
import { useDailyDiff } from '../api/get-daily-diff';
import { useProofReport } from '../api/get-proof-report';
import { downloadProof, type ProofParams, type ProofScreen } from '../lib/proof-query';
import { DownloadButtons } from '@/components/download-buttons';
import { DateField } from '@/components/ui/date-field';

const TITLES: Record<ProofScreen, string> = {
  report: 'Proof Report',
  'daily-diff': 'Daily Differences',
  'branch-diff': 'Branch Differences',
};

function ProofDate({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <Field id={id} label={label}>
      <DateField label={label} className="w-44" value={value} onChange={onChange} />
    </Field>
  );
}

/**
 * Transaction → Proof Transactions: the proof report (each teller's day), daily differences and
 * branch differences of the header's branch (else the user's own), on screen, CSV and PDF.
 */
export function ProofRoute({ screen }: { screen: ProofScreen }) {
  const { branch } = useBranch();
  const [date, setDate] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const params: ProofParams =
    screen === 'report'
      ? { branch: branch ?? undefined, date: date || undefined }
      : screen === 'daily-diff'
        ? { branch: branch ?? undefined, from: from || undefined, to: to || undefined }
        : { date: date || undefined };
  return (
    <main className="mx-auto grid w-full max-w-6xl gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{TITLES[screen]}</h1>
        <DownloadButtons what={TITLES[screen]} download={(format) => downloadProof(screen, params, format)} />
      </div>
      <form
        aria-label="Choose the days"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => e.preventDefault()}
      >
        {screen === 'daily-diff' ? (
          <>
            <ProofDate id="proof-from" label="From" value={from} onChange={setFrom} />
            <ProofDate id="proof-to" label="To" value={to} onChange={setTo} />
          </>
        ) : (
          <ProofDate id="proof-date" label="Business date" value={date} onChange={setDate} />
        )}
      </form>
      {screen === 'report' ? <ProofTable params={params} /> : null}
      {screen === 'daily-diff' ? <DailyTable params={params} /> : null}
      {screen === 'branch-diff' ? <BranchTable params={params} /> : null}
    </main>
  );
}

function Grid({
  caption,
  heads,
  rows,
}: {
  caption: string;
  heads: [string, boolean][];
  rows: ReactNode[][];
}) {
  return (
    <Table>
      <TableCaption>{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          {heads.map(([h, right]) => (
            <TableHead key={h} align={right ? 'right' : 'left'}>
              {h}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 ? (
          <TableRow>
            <TableCell colSpan={heads.length}>Nothing for these days.</TableCell>
          </TableRow>
        ) : null}
        {rows.map((r, i) => (
          <TableRow key={i}>
            {r.map((c, j) => (
              <TableCell
                key={j}
                align={heads[j]![1] ? 'right' : 'left'}
                kind={heads[j]![1] ? 'amount' : 'text'}
              >
                {c}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Loading and failure, said the same way for the three reports. */
function Loaded<T>({
  q,
  children,
}: {
  q: { isPending: boolean; error: Error | null; data?: T };
  children: (d: T) => ReactNode;
}) {
  if (q.error) return <p role="alert">{q.error.message}</p>;
  if (q.isPending || q.data === undefined) return <p role="status">Loading…</p>;
  return <>{children(q.data)}</>;
}

function ProofTable({ params }: { params: ProofParams }) {
  return (
    <Loaded q={useProofReport(params)}>
      {(r) => (
        <>
          <p className="text-muted-foreground text-sm">
            Branch {r.branch}, business date {formatDate(r.businessDate)}.
          </p>
          <Grid
            caption="Each teller's day"
            heads={[
              ['Teller', false],
              ['Till', false],
              ['Opened', false],
              ['Status', false],
              ['Opening', true],
              ['Deposits', true],
              ['Withdrawals', true],
              ['Vault in / out', true],
              ['Expected cash', true],
              ['Counted', true],
              ['Difference', true],
            ]}
            rows={r.rows.map((s) => {
              const m = (v: string | null) => (v === null ? '—' : formatCurrency(v, s.currency));
              return [
                s.tellerEmail,
                s.tillCode,
                formatDateTime(s.openedAt),
                s.status,
                m(s.openingAllocation),
                `${s.deposits.count} · ${m(s.deposits.amount)}`,
                `${s.withdrawals.count} · ${m(s.withdrawals.amount)}`,
                `${m(s.vaultIn)} / ${m(s.vaultOut)}`,
                m(s.expected),
                m(s.counted),
                m(s.difference),
              ];
            })}
          />
        </>
      )}
    </Loaded>
  );
}

function DailyTable({ params }: { params: ProofParams }) {
  return (
    <Loaded q={useDailyDiff(params)}>
      {(d) => (
        <>
          <p className="text-muted-foreground text-sm">
            Branch {d.branch}, {formatDate(d.from)} to {formatDate(d.to)}.
          </p>
          <Grid
            caption="Shortages and overages per day"
            heads={[
              ['Business date', false],
              ['Currency', false],
              ['Sessions', true],
              ['Awaiting sign-off', true],
              ['Shortages', true],
              ['Overages', true],
              ['Net', true],
            ]}
            rows={d.rows.map((r) => [
              formatDate(r.businessDate),
              r.currency,
              r.sessions,
              r.awaitingSignOff,
              formatCurrency(r.shortages, r.currency),
              formatCurrency(r.overages, r.currency),
              formatCurrency(r.net, r.currency),
            ])}
          />
        </>
      )}
    </Loaded>
  );
}

function BranchTable({ params }: { params: ProofParams }) {
  return (
    <Loaded q={useBranchDiff(params)}>
      {(b) => (
        <>
          <p className="text-muted-foreground text-sm">
            Business date {formatDate(b.businessDate)}
            {b.live ? ' (live balances)' : ''}. Unattributed: teller cash on the general ledger that no till
            session accounts for (postings made outside a till).
          </p>
          <Grid
            caption="Branch differences"
            heads={[
              ['Branch', false],
              ['Currency', false],
              ['Open tills', true],
              ['Cash in tills', true],
              ['Teller cash GL', true],
              ['Unattributed', true],
              ['Vault GL', true],
              ['Shortages', true],
              ['Overages', true],
            ]}
            rows={b.rows.map((r) => {
              const m = (v: string) => formatCurrency(v, r.currency);
              return [
                r.branch,
                r.currency,
                r.openTills,
                m(r.tillCash),
                m(r.tellerCashGl),
                m(r.unattributed),
                m(r.vaultGl),
                m(r.shortages),
                m(r.overages),
              ];
            })}
          />
        </>
      )}
    </Loaded>
  );
}

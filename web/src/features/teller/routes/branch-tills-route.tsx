import { Link } from 'react-router';
import {
  formatCurrency,
  formatDateTime,
  sessionListQuerySchema,
  TILL_SESSION_STATUSES,
} from '@bankmanager/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { Pagination } from '@/components/ui/pagination';
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
import { paths } from '@/config/paths';
import { useUrlList, useUrlParams } from '@/hooks/use-url-state';
import { useBranch } from '@/lib/branch';
import { useBranchSessions } from '../api/get-branch-sessions';
import { useVault } from '../api/get-vault';
import { SessionJournal } from '../components/session-journal';
import { DateField } from '@/components/ui/date-field';

const tillFiltersSchema = sessionListQuerySchema.pick({ date: true, status: true });

/**
 * Transaction → Teller → Branch Tills: the supervisor's view of every till of the branch (the
 * header's branch, else their own): who holds what, counts awaiting sign-off, and the vault. Eleven
 * columns of money need the width of a desktop screen: the page takes it, so at 1440 px every column,
 * the Journal button included, shows without scrolling, and a phone scrolls the table inside its box.
 */
export function BranchTillsRoute() {
  const { branch } = useBranch();
  // The filters, the page and the till whose journal is open live in the query string: a reload, Back
  // or a shared link keeps them.
  const { filters, page, setPage, patchFilters } = useUrlList(tillFiltersSchema);
  const { date = '', status = '' } = filters;
  const [params, setParams] = useUrlParams();
  const sessions = useBranchSessions({ branch, date, status, page });
  // The till whose journal shows below the list (its postings, receipts, reversals); only one the list
  // shows, so a hand-edited or stale id opens nothing rather than a refused request.
  const journalOf = sessions.data?.rows.find((s) => s.id === params.get('till'))?.id;
  const setJournalOf = (id: string | undefined) => setParams({ till: id ?? null, journalPage: null });
  const vault = useVault(branch);
  return (
    <main className="mx-auto grid w-full max-w-screen-2xl gap-4 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">Branch Tills</h1>
      <section aria-label="Vault" className="flex flex-wrap gap-6 rounded-lg border p-4">
        <h2 className="w-full text-lg font-semibold">
          Vault {vault.data ? `(GL ${vault.data.glCode})` : ''}
        </h2>
        {vault.isError ? <p role="alert">{vault.error.message}</p> : null}
        {vault.data?.balances.map((b) => (
          <p key={b.currency} className="font-mono text-lg tabular-nums">
            {formatCurrency(b.balance, b.currency)}
          </p>
        ))}
        <p className="text-muted-foreground w-full text-sm">
          Vault transfers and counts with a difference wait in the{' '}
          <Link className="underline" to={paths.approvalsInbox}>
            approvals inbox
          </Link>
          .
        </p>
      </section>
      <form
        aria-label="Filter the tills"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => e.preventDefault()}
      >
        <Field id="tills-date" label="Business date">
          <DateField
            label="Business date"
            value={date}
            onChange={(d) => patchFilters({ date: d })}
            className="w-44"
          />
        </Field>
        <Field id="tills-status" label="Status">
          <Select value={status} onChange={(e) => patchFilters({ status: e.target.value })}>
            <option value="">Any</option>
            {TILL_SESSION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </Field>
      </form>
      {sessions.isPending ? <p role="status">Loading the tills…</p> : null}
      {sessions.isError ? <p role="alert">{sessions.error.message}</p> : null}
      {sessions.data ? (
        <>
          <Table>
            <TableCaption>Till sessions of the branch</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Teller</TableHead>
                <TableHead>Till</TableHead>
                <TableHead>Opened</TableHead>
                <TableHead>Status</TableHead>
                <TableHead align="right">Opening</TableHead>
                <TableHead align="right">Deposits</TableHead>
                <TableHead align="right">Withdrawals</TableHead>
                <TableHead align="right">Expected cash</TableHead>
                <TableHead align="right">Counted</TableHead>
                <TableHead align="right">Difference</TableHead>
                <TableHead>Journal</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {sessions.data.rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={11}>No till sessions.</TableCell>
                </TableRow>
              ) : null}
              {sessions.data.rows.map((s) => {
                const m = (v: string | null) => (v === null ? '—' : formatCurrency(v, s.currency));
                return (
                  <TableRow key={s.id}>
                    {/* An email may break anywhere so that the amounts, not the address, keep the row's width. */}
                    <TableCell className="max-w-48 [overflow-wrap:anywhere]">{s.tellerEmail}</TableCell>
                    <TableCell kind="code">{s.tillCode}</TableCell>
                    <TableCell kind="date">{formatDateTime(s.openedAt)}</TableCell>
                    <TableCell>
                      <Badge
                        variant={
                          s.status === 'open' ? 'default' : s.status === 'closing' ? 'warning' : 'outline'
                        }
                      >
                        {s.status === 'closing' ? 'awaiting sign-off' : s.status}
                      </Badge>
                    </TableCell>
                    <TableCell align="right" kind="amount">
                      {m(s.openingAllocation)}
                    </TableCell>
                    <TableCell align="right" kind="amount">
                      {s.deposits.count} · {m(s.deposits.amount)}
                    </TableCell>
                    <TableCell align="right" kind="amount">
                      {s.withdrawals.count} · {m(s.withdrawals.amount)}
                    </TableCell>
                    <TableCell align="right" kind="amount">
                      {m(s.expected)}
                    </TableCell>
                    <TableCell align="right" kind="amount">
                      {m(s.counted)}
                    </TableCell>
                    <TableCell align="right" kind="amount">
                      {m(s.difference)}
                    </TableCell>
                    <TableCell>
                      <Button
                        size="sm"
                        variant="outline"
                        aria-pressed={journalOf === s.id}
                        onClick={() => setJournalOf(journalOf === s.id ? undefined : s.id)}
                      >
                        Journal<span className="sr-only"> of {s.tillCode}</span>
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <Pagination page={page} pageSize={25} total={sessions.data.total} onPage={setPage} />
          {journalOf ? <SessionJournal sessionId={journalOf} /> : null}
        </>
      ) : null}
    </main>
  );
}

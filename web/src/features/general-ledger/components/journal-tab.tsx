import { useState } from 'react';
import { Link } from 'react-router';
import {
  JOURNAL_SOURCES,
  formatCurrency,
  journalListQuerySchema,
  journalSourceLabel,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { Field, FormField } from '@/components/ui/form-field';
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
import { useUrlList } from '@/hooks/use-url-state';
import { JOURNAL_PAGE_SIZE, useJournalEntries, type JournalFilters } from '../api/get-journal-entries';
import { JournalEntryDialog } from './journal-entry-dialog';

const journalFiltersSchema = journalListQuerySchema.pick({
  from: true,
  to: true,
  account: true,
  source: true,
  maker: true,
  reference: true,
});
const DATE_FILTERS = [
  ['from', 'From'],
  ['to', 'To'],
] as const;
const FILTERS = [
  ['account', 'Account (GL code or number)'],
  ['reference', 'Reference'],
  ['maker', 'Maker (email)'],
] as const;

/** Journal entries, newest first, filtered and paged in the database; a row opens its lines. */
export function JournalTab({
  openId,
  onOpen,
}: {
  openId: string | null;
  onOpen: (id: string | null) => void;
}) {
  // Filters and page live in the query string: a reload or a shared link restores them (B.8).
  const { filters, page, setFilters, setPage } = useUrlList(journalFiltersSchema);
  const [draft, setDraft] = useState<JournalFilters>(filters);
  const list = useJournalEntries(filters, page);
  return (
    <section aria-labelledby="journal-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="journal-title" className="text-xl font-semibold">
          Journal
        </h2>
        <Button asChild>
          <Link to={paths.generalLedgerNewJournal}>New journal entry</Link>
        </Button>
      </div>
      <form
        aria-label="Journal filters"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters(Object.fromEntries(Object.entries(draft).filter(([, v]) => v)));
        }}
      >
        {DATE_FILTERS.map(([key, label]) => (
          <Field key={key} id={`jf-${key}`} label={label}>
            <DateField
              label={label}
              value={draft[key] ?? ''}
              onChange={(v) => setDraft((d) => ({ ...d, [key]: v }))}
            />
          </Field>
        ))}
        {FILTERS.map(([key, label]) => (
          <FormField
            key={key}
            id={`jf-${key}`}
            label={label}
            value={draft[key] ?? ''}
            onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
          />
        ))}
        <Field id="jf-source" label="Source">
          <Select
            value={draft.source ?? ''}
            onChange={(e) => setDraft((d) => ({ ...d, source: e.target.value }))}
          >
            <option value="">Any</option>
            {JOURNAL_SOURCES.map((s) => (
              <option key={s} value={s}>
                {journalSourceLabel(s)}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" variant="outline" className="w-fit">
          Apply filters
        </Button>
      </form>
      {list.isPending ? (
        <p>Loading journal entries...</p>
      ) : list.isError ? (
        <p role="alert" className="text-destructive">
          {list.error.message}
        </p>
      ) : list.data.rows.length === 0 ? (
        <p className="text-muted-foreground">No journal entries match.</p>
      ) : (
        <>
          <Table>
            <TableCaption>Journal entries, newest first</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead kind="code">Entry</TableHead>
                <TableHead kind="date">Business date</TableHead>
                <TableHead>Narration</TableHead>
                <TableHead className="hidden md:table-cell">Source</TableHead>
                <TableHead className="hidden lg:table-cell">Reference</TableHead>
                <TableHead align="right">Amount</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.data.rows.map((e) => (
                <TableRow
                  key={e.id}
                  interactive
                  tabIndex={0}
                  aria-label={`Journal entry ${e.id}`}
                  onClick={() => onOpen(e.id)}
                  onKeyDown={(k) =>
                    k.key === 'Enter' || k.key === ' ' ? (k.preventDefault(), onOpen(e.id)) : undefined
                  }
                >
                  <TableCell kind="code">{e.id}</TableCell>
                  <TableCell kind="date">{e.business_date}</TableCell>
                  <TableCell>
                    {e.narration}
                    {e.reversed_by ? <span className="text-muted-foreground"> (reversed)</span> : null}
                  </TableCell>
                  <TableCell className="hidden md:table-cell">{journalSourceLabel(e.source)}</TableCell>
                  <TableCell className="hidden lg:table-cell" kind="code">
                    {e.reference}
                  </TableCell>
                  <TableCell align="right" kind="amount">
                    {e.totals.map((t) => formatCurrency(t.amount, t.currency)).join(', ')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pagination
            page={page}
            pageSize={JOURNAL_PAGE_SIZE}
            total={list.data.total}
            onPage={setPage}
            busy={list.isPlaceholderData}
          />
        </>
      )}
      {openId ? (
        <JournalEntryDialog key={openId} id={openId} onClose={() => onOpen(null)} onOpen={onOpen} />
      ) : null}
    </section>
  );
}

import { Link } from 'react-router';
import { SANCTIONS_HIT_STATUSES, SANCTIONS_LABELS } from '@bankmanager/contracts';
import { formatDateTime } from '@bankmanager/contracts/format';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
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
import { useUrlList, useUrlSearch } from '@/hooks/use-url-state';
import { HITS_PAGE_SIZE, useHits } from '../api/hits';
import { hitFiltersSchema } from '../lib/hit-filters';

/**
 * The hits queue: status, a name search and the order in the URL (a reload or a link keeps them),
 * paged by the server. Each row opens the hit's evidence.
 */
export function HitsTable() {
  const url = useUrlList(hitFiltersSchema);
  const search = useUrlSearch('q', 300, hitFiltersSchema.shape.q);
  const filters = { ...url.filters, q: search.term || undefined };
  const list = useHits(url.page, filters);
  return (
    <div className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-3">
        <Field id="hits-status" label="Status">
          <Select
            value={filters.status ?? ''}
            onChange={(e) => url.patchFilters({ status: e.target.value || undefined })}
          >
            <option value="">Any status</option>
            {SANCTIONS_HIT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {SANCTIONS_LABELS.hitStatus[s]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="hits-search" label="Customer or listed name">
          <Input type="search" value={search.text} onChange={(e) => search.onChange(e.target.value)} />
        </Field>
        <Field id="hits-sort" label="Order">
          <Select
            value={filters.sort ?? 'newest'}
            onChange={(e) => url.patchFilters({ sort: e.target.value })}
          >
            <option value="newest">Newest first</option>
            <option value="score">Highest score first</option>
          </Select>
        </Field>
      </div>
      {list.isError ? (
        <p role="alert" className="text-destructive">
          {list.error.message}
        </p>
      ) : !list.data ? (
        <p role="status">Loading the hits...</p>
      ) : (
        <>
          <div className="overflow-x-auto">
            <Table>
              <TableCaption>Sanctions hits</TableCaption>
              <TableHeader>
                <tr>
                  <TableHead>Customer</TableHead>
                  <TableHead>Listed name</TableHead>
                  <TableHead align="right">Score</TableHead>
                  <TableHead>Matched</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Found</TableHead>
                </tr>
              </TableHeader>
              <TableBody>
                {list.data.rows.map((h) => (
                  <TableRow key={h.id}>
                    <TableCell>
                      <Link className="text-primary underline" to={{ search: `?hit=${h.id}` }}>
                        {`${h.customer.name} (${h.customer.id})`}
                      </Link>
                    </TableCell>
                    <TableCell>{`${h.entry.name} · ${h.entry.referenceNumber ?? h.entry.ref}`}</TableCell>
                    <TableCell align="right" kind="amount">
                      {h.score}
                    </TableCell>
                    <TableCell>{h.matchedFields.map((f) => SANCTIONS_LABELS.field[f]).join(', ')}</TableCell>
                    <TableCell>{SANCTIONS_LABELS.hitStatus[h.status]}</TableCell>
                    <TableCell kind="date">{`${formatDateTime(h.createdAt)} · ${SANCTIONS_LABELS.trigger[h.trigger]}`}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          {list.data.rows.length === 0 ? <p>No hits match.</p> : null}
          <Pagination
            page={url.page}
            pageSize={HITS_PAGE_SIZE}
            total={list.data.total}
            onPage={url.setPage}
            busy={list.isPlaceholderData}
          />
        </>
      )}
    </div>
  );
}

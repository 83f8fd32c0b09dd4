import { Link } from 'react-router';
import { AML_CASE_STATUS_LABELS, AML_CASE_STATUSES } from '@bankmanager/contracts';
import { formatDateTime } from '@bankmanager/contracts/format';
import { Button } from '@/components/ui/button';
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
import { apiDownload } from '@/lib/api-client';
import { CASES_PAGE_SIZE, caseParams, useCases } from '../api/cases';
import { caseFiltersSchema } from '../lib/filters';
import { exportPath } from '@/lib/export-path';

/** The case list: status, mine, a customer search and the order in the URL; paged by the server. */
export function CasesTable() {
  const url = useUrlList(caseFiltersSchema);
  const search = useUrlSearch('q', 300, caseFiltersSchema.shape.q);
  const filters = { ...url.filters, q: search.term || undefined };
  const list = useCases(url.page, filters);
  return (
    <div className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-4">
        <Field id="cases-status" label="Status">
          <Select
            value={filters.status ?? ''}
            onChange={(e) => url.patchFilters({ status: e.target.value || undefined })}
          >
            <option value="">Any status</option>
            {AML_CASE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {AML_CASE_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="cases-mine" label="Assignee">
          <Select
            value={filters.mine ?? ''}
            onChange={(e) => url.patchFilters({ mine: e.target.value || undefined })}
          >
            <option value="">Anyone</option>
            <option value="true">Mine</option>
          </Select>
        </Field>
        <Field id="cases-search" label="Customer name">
          <Input type="search" value={search.text} onChange={(e) => search.onChange(e.target.value)} />
        </Field>
        <Field id="cases-sort" label="Order">
          <Select
            value={filters.sort ?? 'updated'}
            onChange={(e) => url.patchFilters({ sort: e.target.value })}
          >
            <option value="updated">Last changed first</option>
            <option value="score">Highest score first</option>
          </Select>
        </Field>
      </div>
      <div>
        <Button
          type="button"
          variant="outline"
          onClick={() => void apiDownload(exportPath('/aml/cases', caseParams(filters)), 'aml-cases.csv')}
        >
          Export CSV
        </Button>
      </div>
      {list.isError ? (
        <p role="alert" className="text-destructive">
          {list.error.message}
        </p>
      ) : !list.data ? (
        <p role="status">Loading the cases...</p>
      ) : (
        <>
          <div className="overflow-x-auto">
            <Table>
              <TableCaption>Cases</TableCaption>
              <TableHeader>
                <tr>
                  <TableHead>Customer</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead align="right">Alerts</TableHead>
                  <TableHead align="right">Top score</TableHead>
                  <TableHead>Assignee</TableHead>
                  <TableHead>Last changed</TableHead>
                </tr>
              </TableHeader>
              <TableBody>
                {list.data.rows.map((k) => (
                  <TableRow key={k.id}>
                    <TableCell>
                      <Link className="text-primary underline" to={{ search: `?case=${k.id}` }}>
                        {`${k.customerName} (${k.customerId})`}
                      </Link>
                    </TableCell>
                    <TableCell>{AML_CASE_STATUS_LABELS[k.status]}</TableCell>
                    <TableCell align="right">{k.alertCount}</TableCell>
                    <TableCell align="right">{k.maxScore}</TableCell>
                    <TableCell>{k.assigneeEmail ?? 'Nobody'}</TableCell>
                    <TableCell kind="date">{formatDateTime(k.updatedAt)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          {list.data.rows.length === 0 ? <p>No cases match.</p> : null}
          <Pagination
            page={url.page}
            pageSize={CASES_PAGE_SIZE}
            total={list.data.total}
            onPage={url.setPage}
            busy={list.isPlaceholderData}
          />
        </>
      )}
    </div>
  );
}

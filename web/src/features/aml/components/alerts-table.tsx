import { Link, useNavigate } from 'react-router';
import { AML_SCENARIO_LABELS, AML_SCENARIOS, customerHref, formatAmount } from '@bankmanager/contracts';
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
import { paths } from '@/config/paths';
import { useUrlList, useUrlSearch } from '@/hooks/use-url-state';
import { apiDownload } from '@/lib/api-client';
import { formLevelError } from '@/lib/api-errors';
import { usePermissions } from '@/lib/permissions';
import { ALERTS_PAGE_SIZE, alertParams, useAlerts, useOpenCase } from '../api/alerts';
import { alertFiltersSchema } from '../lib/filters';
import { DateField } from '@/components/ui/date-field';
import { exportPath } from '@/lib/export-path';

/**
 * The alert queue: rule, state, dates, a customer search and the order in the URL (a reload or a
 * link keeps them), paged by the server. An alert not yet in a case opens the customer's case.
 */
export function AlertsTable() {
  const navigate = useNavigate();
  const caseHref = (id: string) => `${paths.amlCases}?case=${id}`;
  const url = useUrlList(alertFiltersSchema);
  const search = useUrlSearch('q', 300, alertFiltersSchema.shape.q);
  const filters = { ...url.filters, q: search.term || undefined };
  // A date goes to the URL (and the query) once it is whole; until then it stays typed in its box.
  const patchDate = (key: 'from' | 'to', v: string) => {
    if (v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v)) url.patchFilters({ [key]: v || undefined });
  };
  const list = useAlerts(url.page, filters);
  const open = useOpenCase();
  const { can } = usePermissions();
  const refusal = formLevelError(open.error);
  return (
    <div className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-3">
        <Field id="alerts-rule" label="Rule">
          <Select
            value={filters.scenario ?? ''}
            onChange={(e) => url.patchFilters({ scenario: e.target.value || undefined })}
          >
            <option value="">Any rule</option>
            {AML_SCENARIOS.map((s) => (
              <option key={s} value={s}>
                {AML_SCENARIO_LABELS[s]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="alerts-state" label="State">
          <Select
            value={filters.state ?? ''}
            onChange={(e) => url.patchFilters({ state: e.target.value || undefined })}
          >
            <option value="">Any</option>
            <option value="unassigned">Not in a case</option>
            <option value="in_case">In a case</option>
          </Select>
        </Field>
        <Field id="alerts-search" label="Customer name">
          <Input type="search" value={search.text} onChange={(e) => search.onChange(e.target.value)} />
        </Field>
        <Field id="alerts-from" label="From">
          <DateField label="From" value={filters.from ?? ''} onChange={(v) => patchDate('from', v)} />
        </Field>
        <Field id="alerts-to" label="To">
          <DateField label="To" value={filters.to ?? ''} onChange={(v) => patchDate('to', v)} />
        </Field>
        <Field id="alerts-sort" label="Order">
          <Select
            value={filters.sort ?? 'newest'}
            onChange={(e) => url.patchFilters({ sort: e.target.value })}
          >
            <option value="newest">Newest first</option>
            <option value="score">Highest score first</option>
          </Select>
        </Field>
      </div>
      <div>
        <Button
          type="button"
          variant="outline"
          onClick={() => void apiDownload(exportPath('/aml/alerts', alertParams(filters)), 'aml-alerts.csv')}
        >
          Export CSV
        </Button>
      </div>
      {refusal ? (
        <p role="alert" className="text-destructive text-sm">
          {refusal.message}
        </p>
      ) : null}
      {list.isError ? (
        <p role="alert" className="text-destructive">
          {list.error.message}
        </p>
      ) : !list.data ? (
        <p role="status">Loading the alerts...</p>
      ) : (
        <>
          <div className="overflow-x-auto">
            <Table>
              <TableCaption>Monitoring alerts</TableCaption>
              <TableHeader>
                <tr>
                  <TableHead>Date</TableHead>
                  <TableHead>Rule</TableHead>
                  <TableHead>Customer</TableHead>
                  <TableHead align="right">Amount</TableHead>
                  <TableHead align="right">Score</TableHead>
                  <TableHead>Case</TableHead>
                </tr>
              </TableHeader>
              <TableBody>
                {list.data.rows.map((a) => (
                  <TableRow key={a.id}>
                    <TableCell kind="date">{a.businessDate}</TableCell>
                    <TableCell>{AML_SCENARIO_LABELS[a.scenario]}</TableCell>
                    <TableCell>
                      <Link className="text-primary underline" to={customerHref(a.customerId)}>
                        {`${a.customerName} (${a.customerId})`}
                      </Link>
                    </TableCell>
                    <TableCell align="right" kind="amount">
                      {`${a.currency} ${formatAmount(a.amount)}`}
                    </TableCell>
                    <TableCell align="right">{a.score}</TableCell>
                    <TableCell>
                      {a.caseId ? (
                        <Link className="text-primary underline" to={caseHref(a.caseId)}>
                          Open the case
                        </Link>
                      ) : can('aml.cases') ? (
                        <Button
                          type="button"
                          size="sm"
                          disabled={open.isPending}
                          onClick={() =>
                            open.mutate(a.id, { onSuccess: (k) => void navigate(caseHref(k.id)) })
                          }
                        >
                          {`Open a case for ${a.customerName}`}
                        </Button>
                      ) : (
                        'Not in a case'
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          {list.data.rows.length === 0 ? <p>No alerts match.</p> : null}
          <Pagination
            page={url.page}
            pageSize={ALERTS_PAGE_SIZE}
            total={list.data.total}
            onPage={url.setPage}
            busy={list.isPlaceholderData}
          />
        </>
      )}
    </div>
  );
}

import { Link } from 'react-router';
import {
  AML_CASE_EVENT_LABELS,
  AML_CASE_STATUS_LABELS,
  AML_SCENARIO_LABELS,
  customerHref,
  formatAmount,
} from '@bankmanager/contracts';
import { formatDateTime } from '@bankmanager/contracts/format';
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
import { usePermissions } from '@/lib/permissions';
import { useCaseFile } from '../api/cases';
import { CaseActions } from './case-actions';
import { CaseAttachments } from './case-attachments';

/** One case: the customer (with their 360), the alerts with their journal entries, the history, the steps. */
export function CaseFile({ id }: { id: string }) {
  const file = useCaseFile(id);
  const { can } = usePermissions();
  if (file.isError)
    return (
      <p role="alert" className="text-destructive">
        {file.error.message}
      </p>
    );
  if (!file.data) return <p role="status">Loading the case...</p>;
  const k = file.data;
  return (
    <div className="grid gap-5">
      <dl className="grid gap-2 sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground text-sm">Customer</dt>
          <dd>
            <Link className="text-primary underline" to={customerHref(k.customer.id)}>
              {`${k.customer.name} (${k.customer.id})`}
            </Link>
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground text-sm">Status</dt>
          <dd>{AML_CASE_STATUS_LABELS[k.status]}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground text-sm">Risk</dt>
          <dd>{`${k.customer.risk}${k.customer.pep ? ', PEP' : ''} · branch ${k.customer.branch}`}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground text-sm">Assignee</dt>
          <dd>{k.assigneeEmail ?? 'Nobody'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground text-sm">Opened</dt>
          <dd>{`${formatDateTime(k.openedAt)} by ${k.openedBy}`}</dd>
        </div>
        {k.closedReason ? (
          <div>
            <dt className="text-muted-foreground text-sm">Closing reason</dt>
            <dd>{k.closedReason}</dd>
          </div>
        ) : null}
      </dl>
      <div className="overflow-x-auto">
        <Table>
          <TableCaption>Alerts in this case</TableCaption>
          <TableHeader>
            <tr>
              <TableHead>Date</TableHead>
              <TableHead>Rule</TableHead>
              <TableHead align="right">Amount</TableHead>
              <TableHead align="right">Score</TableHead>
              <TableHead>Journal entries</TableHead>
            </tr>
          </TableHeader>
          <TableBody>
            {k.alerts.map((a) => (
              <TableRow key={a.id}>
                <TableCell kind="date">{a.businessDate}</TableCell>
                <TableCell>{AML_SCENARIO_LABELS[a.scenario]}</TableCell>
                <TableCell align="right" kind="amount">
                  {`${a.currency} ${formatAmount(a.amount)}`}
                </TableCell>
                <TableCell align="right">{a.score}</TableCell>
                <TableCell>{a.entryIds.join(', ')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {k.status === 'escalated' && can('aml.str.prepare') ? (
        // The STR screen opens the case's draft when it has one, else a new one from this case.
        <p>
          <Link className="text-primary underline" to={`${paths.strReports}?case=${k.id}`}>
            Prepare the STR
          </Link>
        </p>
      ) : null}
      <CaseActions file={k} />
      <CaseAttachments file={k} />
      <section aria-labelledby="case-history" className="grid gap-2">
        <h2 id="case-history" className="text-lg font-semibold">
          History
        </h2>
        <ol className="grid gap-1 text-sm">
          {k.events.map((e) => (
            <li key={e.id}>
              {`${formatDateTime(e.at)} · ${e.actorEmail} · ${
                e.toStatus ? AML_CASE_STATUS_LABELS[e.toStatus] : AML_CASE_EVENT_LABELS[e.kind]
              }${e.text ? `: ${e.text}` : ''}`}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

import { formatDateTime } from '@bankmanager/contracts/format';
import { AUDIT_PAGE_SIZE, auditActionLabel, auditOutcomeLabel } from '@bankmanager/contracts';
import { Pagination } from '@/components/ui/pagination';
import { useUrlPage } from '@/hooks/use-url-state';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { usePermissions } from '@/lib/permissions';
import { useCustomerAudit } from '../api/get-customer-audit';
import { AuditNote } from './audit-note';

/** The audit trail filtered to this customer: who did what, when, with what outcome. */
export function AuditTab({ customerId }: { customerId: number }) {
  const { can } = usePermissions();
  const allowed = can('audit.read');
  // The page of the audit history lives in the query string beside the customer and the tab: a reload,
  // Back or a shared link keeps it.
  const [page, setPage] = useUrlPage();
  const audit = useCustomerAudit(customerId, page, allowed);
  if (!allowed)
    return <p>The audit history needs the audit permission; ask a Compliance Officer or Auditor.</p>;
  if (audit.isError)
    return (
      <p role="alert" className="text-destructive">
        {audit.error.message}
      </p>
    );
  if (!audit.data) return <p role="status">Loading the audit history...</p>;
  return (
    <div className="grid gap-2">
      <div className="overflow-x-auto">
        <Table>
          <TableCaption className="sr-only">Audit history, newest first</TableCaption>
          <TableHeader>
            <tr>
              <TableHead>When</TableHead>
              <TableHead>Who</TableHead>
              <TableHead>Action</TableHead>
              <TableHead>Outcome</TableHead>
              <TableHead>Details</TableHead>
            </tr>
          </TableHeader>
          <TableBody>
            {audit.data.rows.map((r) => (
              <TableRow key={r.id}>
                <TableCell kind="date">{formatDateTime(r.occurredAt)}</TableCell>
                <TableCell title={r.actorEmail ?? undefined}>{r.actorName ?? r.actorEmail ?? '—'}</TableCell>
                {/* The label; the code stays in the title for whoever searches by it. */}
                <TableCell title={r.action}>{auditActionLabel(r.action)}</TableCell>
                <TableCell>{auditOutcomeLabel(r.outcome)}</TableCell>
                <TableCell>
                  <AuditNote id={r.id} action={r.action} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {audit.data.rows.length === 0 ? <p>Nothing recorded yet.</p> : null}
      <Pagination
        page={page}
        pageSize={AUDIT_PAGE_SIZE}
        total={audit.data.total}
        onPage={setPage}
        busy={audit.isPlaceholderData}
      />
    </div>
  );
}

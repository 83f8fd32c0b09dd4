import { formatDateTime } from '@bankmanager/contracts/format';
import { auditActionLabel, type AuditRow } from '@bankmanager/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';

const OUTCOME_VARIANT = { success: 'default', failure: 'destructive', denied: 'warning' } as const;
const HEADERS = ['Time', 'Actor', 'Action', 'Target', 'Outcome', 'IP', 'Details'];

export function AuditTable({ rows, onOpen }: { rows: AuditRow[]; onOpen: (id: number) => void }) {
  return (
    <Table>
      <TableCaption>Audit trail, newest first</TableCaption>
      <TableHeader>
        <tr>
          {HEADERS.map((h) => (
            <TableHead key={h}>{h}</TableHead>
          ))}
        </tr>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.id}>
            <TableCell kind="date">{formatDateTime(r.occurredAt)}</TableCell>
            {/* A person's name where the profile has one; the e-mail stays in the tooltip (B.9). */}
            <TableCell title={r.actorEmail ?? r.actorId ?? undefined}>
              {r.actorName ?? r.actorEmail ?? r.actorId ?? '—'}
            </TableCell>
            {/* The raw code stays in the detail view (and the title, for whoever searches by it). */}
            <TableCell title={r.action}>{auditActionLabel(r.action)}</TableCell>
            <TableCell>{r.targetId ? `${r.targetType ?? ''} ${r.targetId}` : '—'}</TableCell>
            <TableCell>
              <Badge variant={OUTCOME_VARIANT[r.outcome]}>{r.outcome}</Badge>
            </TableCell>
            <TableCell>{r.ip ?? '—'}</TableCell>
            <TableCell>
              <Button
                size="sm"
                variant="outline"
                aria-label={`View details of row ${r.id} (${auditActionLabel(r.action)})`}
                onClick={() => onOpen(r.id)}
              >
                View
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

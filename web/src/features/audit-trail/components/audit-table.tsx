import { formatDateTime } from '@bankmanager/contracts/format';
import { auditActionLabel, auditOutcomeLabel, type AuditRow } from '@bankmanager/contracts';
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the row acted on, as a reader names it: a person's name, a number, or just its kind. */
function targetText(r: AuditRow): string {
  if (!r.targetId) return '—';
  const kind = (r.targetType ?? '').replaceAll('_', ' ');
  if (r.targetName) return `${kind} ${r.targetName}`.trim();
  return UUID.test(r.targetId) ? kind || 'record' : `${kind} ${r.targetId}`.trim();
}

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
            {/* A person by name; a uuid only in the title and the detail view (B.9). */}
            <TableCell title={r.targetId ?? undefined}>{targetText(r)}</TableCell>
            <TableCell>
              <Badge variant={OUTCOME_VARIANT[r.outcome]}>{auditOutcomeLabel(r.outcome)}</Badge>
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

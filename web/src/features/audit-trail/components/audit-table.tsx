import type { AuditRow } from '@bankmanager/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

const OUTCOME_VARIANT = { success: 'default', failure: 'destructive', denied: 'warning' } as const;
const HEADERS = ['Time', 'Actor', 'Action', 'Target', 'Outcome', 'IP', 'Details'];

export function AuditTable({ rows, onOpen }: { rows: AuditRow[]; onOpen: (id: number) => void }) {
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <caption className="sr-only">Audit trail, newest first</caption>
        <thead className="bg-muted/50">
          <tr>
            {HEADERS.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 text-left font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-t">
              <td className="px-3 py-2 whitespace-nowrap">{new Date(r.occurredAt).toLocaleString()}</td>
              <td className="px-3 py-2">{r.actorEmail ?? r.actorId ?? '—'}</td>
              <td className="px-3 py-2 font-mono">{r.action}</td>
              <td className="px-3 py-2">{r.targetId ? `${r.targetType ?? ''} ${r.targetId}` : '—'}</td>
              <td className="px-3 py-2">
                <Badge variant={OUTCOME_VARIANT[r.outcome]}>{r.outcome}</Badge>
              </td>
              <td className="px-3 py-2">{r.ip ?? '—'}</td>
              <td className="px-3 py-2">
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`View details of row ${r.id} (${r.action})`}
                  onClick={() => onOpen(r.id)}
                >
                  View
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

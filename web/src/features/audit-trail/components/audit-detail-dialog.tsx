import { formatDateTime } from '@bankmanager/contracts/format';
import { auditActionLabel, auditOutcomeLabel } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { useAuditDetail } from '../api/get-audit-detail';

function Json({ label, value }: { label: string; value: unknown }) {
  return (
    <section aria-label={label}>
      <h3 className="mb-1 text-sm font-medium">{label}</h3>
      <pre className="bg-muted max-h-64 overflow-auto rounded-md p-2 text-xs">
        {value === undefined ? '—' : JSON.stringify(value, null, 2)}
      </pre>
    </section>
  );
}

/** One audit row: before and after values, the rest of the details, and the chain hashes. */
export function AuditDetailDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useAuditDetail(id);
  const d = detail.data;
  const { before, after, ...rest } = d?.details ?? {};
  return (
    <Dialog open onOpenChange={(o) => (!o ? onClose() : undefined)}>
      <DialogContent size="lg">
        <DialogTitle>Audit row {id}</DialogTitle>
        <DialogDescription>
          {d
            ? `${auditActionLabel(d.action)} (${d.action}) · ${auditOutcomeLabel(d.outcome)} · ${formatDateTime(d.occurredAt)}`
            : 'Loading details...'}
        </DialogDescription>
        {detail.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {detail.error.message}
          </p>
        ) : d ? (
          <div className="grid gap-3">
            <p className="text-sm">
              Actor: {d.actorEmail ?? d.actorId ?? '—'} · Target: {d.targetType ?? '—'} {d.targetId ?? ''}
            </p>
            <div className="grid gap-3 md:grid-cols-2">
              <Json label="Before" value={before} />
              <Json label="After" value={after} />
            </div>
            {Object.keys(rest).length ? <Json label="Other details" value={rest} /> : null}
            <p className="text-muted-foreground font-mono text-xs break-all">hash {d.hash}</p>
          </div>
        ) : null}
        <DialogFooter className="mt-4">
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

import { formatDateTime } from '@bankmanager/contracts/format';
import { useState } from 'react';
import { APPROVAL_POLICIES, formatCurrency, type Approval } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { TableCell, TableRow } from '@/components/ui/table';
import type { DecideInput } from '../api/decide-approval';
import { ApprovalSubject } from './approval-subject';

const show = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v, null, 1));

/** One pending request: what, who, when, the before/after diff, and the checker's buttons. */
export function ApprovalRow({
  approval: a,
  busy,
  onDecide,
}: {
  approval: Approval;
  busy: boolean;
  onDecide: (d: DecideInput) => void;
}) {
  const [reason, setReason] = useState('');
  const label = APPROVAL_POLICIES[a.type].label;
  return (
    <TableRow>
      <TableCell kind="date">{formatDateTime(a.createdAt)}</TableCell>
      <TableCell>{label}</TableCell>
      <TableCell>
        <ApprovalSubject approval={a} />
      </TableCell>
      <TableCell>{a.makerEmail}</TableCell>
      <TableCell>{a.branch ?? '—'}</TableCell>
      <TableCell align="right">
        {a.amount ? formatCurrency(a.amount, a.currency === 'USD' ? 'USD' : 'SLE') : '—'}
      </TableCell>
      <TableCell>
        <details>
          <summary>Changes</summary>
          <div className="grid grid-cols-2 gap-2 text-xs">
            <pre aria-label="Before">{show(a.before)}</pre>
            <pre aria-label="After">{show(a.after)}</pre>
          </div>
        </details>
      </TableCell>
      <TableCell>
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" disabled={busy} onClick={() => onDecide({ id: a.id, decision: 'approve' })}>
            Approve
          </Button>
          <Input
            aria-label={`Reason for rejecting request ${a.id}`}
            placeholder="Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className="h-8 w-32"
          />
          <Button
            size="sm"
            variant="outline"
            disabled={busy || !reason.trim()}
            onClick={() => onDecide({ id: a.id, decision: 'reject', reason: reason.trim() })}
          >
            Reject
          </Button>
        </div>
      </TableCell>
    </TableRow>
  );
}

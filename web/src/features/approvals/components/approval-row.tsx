import { formatDateTime } from '@bankmanager/contracts/format';
import { useForm } from 'react-hook-form';
import {
  APPROVAL_POLICIES,
  approvalRejectSchema,
  formatCurrency,
  type Approval,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FieldError, fieldIds } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { TableCell, TableRow } from '@/components/ui/table';
import { fieldErrorsFrom, setFieldErrors } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';
import type { DecideInput } from '../api/decide-approval';
import { ApprovalChanges } from './approval-changes';
import { ApprovalSubject } from './approval-subject';

/**
 * One pending request: what, who, when, the before/after diff, and the checker's buttons. A rejection
 * needs a reason, judged by the reject route's own schema; `refused` puts a 400's reason message on
 * the field and says whether it did (else the caller tells the user another way).
 */
export function ApprovalRow({
  approval: a,
  busy,
  onDecide,
}: {
  approval: Approval & { subjectName?: string };
  busy: boolean;
  onDecide: (d: DecideInput, refused?: (err: unknown) => boolean) => void;
}) {
  const form = useForm({ defaultValues: { reason: '' }, resolver: contractResolver(approvalRejectSchema) });
  const refused = (err: unknown) => setFieldErrors(form.setError, fieldErrorsFrom(err)).length > 0;
  // No <form> around the row's controls: Enter in the reason rejects nothing, only the button does.
  const reject = form.handleSubmit(({ reason }) =>
    onDecide({ id: a.id, decision: 'reject', reason }, refused),
  );
  const error = form.formState.errors.reason?.message;
  const errorId = fieldIds(`reject-reason-${a.id}`).error;
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
        <ApprovalChanges before={a.before} after={a.after} id={a.id} />
      </TableCell>
      <TableCell>
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" disabled={busy} onClick={() => onDecide({ id: a.id, decision: 'approve' })}>
            Approve
          </Button>
          <Input
            aria-label={`Reason for rejecting request ${a.id}`}
            placeholder="Reason"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            {...form.register('reason')}
            className="h-8 w-32"
          />
          <Button size="sm" variant="outline" disabled={busy} onClick={() => void reject()}>
            Reject
          </Button>
          {error ? <FieldError id={errorId}>{error}</FieldError> : null}
        </div>
      </TableCell>
    </TableRow>
  );
}

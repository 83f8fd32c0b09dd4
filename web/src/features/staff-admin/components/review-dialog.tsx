import { formatDateTime } from '@bankmanager/contracts/format';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { useStaffMember } from '../api/get-staff-member';
import { ConfirmActionDialog } from './confirm-action-dialog';
import { StaffStatusBadge } from './staff-table';
import { useRunAction } from './use-run-action';

/** The dashboard's Review (?review=<userId>): approve, or reject after a second confirmation. */
export function ReviewDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const member = useStaffMember(userId);
  const { run, busy } = useRunAction();
  const [confirmReject, setConfirmReject] = useState(false);
  const u = member.data;

  return (
    <Dialog open onOpenChange={(o) => (!o ? onClose() : undefined)}>
      {/* Focus goes back to the person's row, not where the dialog was opened from. */}
      <DialogContent onCloseAutoFocus={(e) => e.preventDefault()}>
        <DialogTitle>Review new staff user</DialogTitle>
        <DialogDescription>
          Approve the account to let them use the application, or reject it.
        </DialogDescription>
        {member.isPending ? (
          <p>Loading user...</p>
        ) : member.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {member.error.message}
          </p>
        ) : u ? (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Name</dt>
              <dd>{u.fullName || '—'}</dd>
              <dt className="text-muted-foreground">Email</dt>
              <dd>{u.email}</dd>
              <dt className="text-muted-foreground">Mobile</dt>
              <dd>{u.mobileNo ?? '—'}</dd>
              <dt className="text-muted-foreground">Signed up</dt>
              <dd>{formatDateTime(u.createdAt)}</dd>
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                <StaffStatusBadge status={u.status} />
              </dd>
            </dl>
            {u.status !== 'pending' ? (
              <p className="mt-3 text-sm">This account is not pending approval.</p>
            ) : null}
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Close</Button>
              </DialogClose>
              <Button
                variant="destructive"
                disabled={busy || u.status !== 'pending'}
                onClick={() => setConfirmReject(true)}
              >
                Reject
              </Button>
              <Button
                disabled={busy || u.status !== 'pending'}
                onClick={() => void run(u, 'approve').then((ok) => ok && onClose())}
              >
                {busy ? 'Working...' : 'Approve'}
              </Button>
            </DialogFooter>
            <ConfirmActionDialog
              user={u}
              action={confirmReject ? 'reject' : null}
              busy={busy}
              onCancel={() => setConfirmReject(false)}
              onConfirm={() => void run(u, 'reject').then((ok) => (ok ? onClose() : setConfirmReject(false)))}
            />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

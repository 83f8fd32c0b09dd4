import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { Button } from '@/components/ui/button';
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
    <Dialog.Root open onOpenChange={(o) => (!o ? onClose() : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="bg-card text-card-foreground fixed top-1/2 left-1/2 z-40 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg border p-6 shadow-lg">
          <Dialog.Title className="text-lg font-semibold">Review new staff user</Dialog.Title>
          <Dialog.Description className="text-muted-foreground mb-4 text-sm">
            Approve the account to let them use the application, or reject it.
          </Dialog.Description>
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
                <dd>{new Date(u.createdAt).toLocaleString()}</dd>
                <dt className="text-muted-foreground">Status</dt>
                <dd>
                  <StaffStatusBadge status={u.status} />
                </dd>
              </dl>
              {u.status !== 'pending' ? (
                <p className="mt-3 text-sm">This account is not pending approval.</p>
              ) : null}
              <div className="mt-5 flex justify-end gap-2">
                <Dialog.Close asChild>
                  <Button variant="outline">Close</Button>
                </Dialog.Close>
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
              </div>
              <ConfirmActionDialog
                user={u}
                action={confirmReject ? 'reject' : null}
                busy={busy}
                onCancel={() => setConfirmReject(false)}
                onConfirm={() =>
                  void run(u, 'reject').then((ok) => (ok ? onClose() : setConfirmReject(false)))
                }
              />
            </>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

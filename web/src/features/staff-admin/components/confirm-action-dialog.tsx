import { AlertDialog } from 'radix-ui';
import { STAFF_ACTION_LABELS, type StaffAction, type StaffListItem } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';

const CONSEQUENCE: Record<StaffAction, string> = {
  approve: 'They will be able to use the application.',
  'revoke-activation': 'They lose access (and superuser rights) on their next request.',
  'grant-superuser': 'They will be able to manage staff and read the audit trail.',
  'revoke-superuser': 'They will no longer be able to manage staff.',
  ban: 'All their sessions end and they cannot sign in.',
  unban: 'They will be able to sign in again.',
  'end-sessions': 'They are signed out everywhere.',
  'reset-mfa': 'Their authenticator factors are removed.',
  reject: 'The pending account and its profile are deleted. This cannot be undone.',
};

interface Props {
  user: StaffListItem;
  action: StaffAction | null;
  busy: boolean;
  onConfirm: (action: StaffAction) => void;
  onCancel: () => void;
}

/** Confirmation naming the user and the action (every staff action goes through it). */
export function ConfirmActionDialog({ user, action, busy, onConfirm, onCancel }: Props) {
  const label = action ? STAFF_ACTION_LABELS[action] : '';
  const destructive = action === 'ban' || action === 'reject' || action === 'revoke-activation';
  return (
    <AlertDialog.Root open={action !== null} onOpenChange={(o) => (!o ? onCancel() : undefined)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="bg-card text-card-foreground fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg border p-6 shadow-lg">
          <AlertDialog.Title className="text-lg font-semibold">
            {label}: {user.fullName || user.email}?
          </AlertDialog.Title>
          <AlertDialog.Description className="text-muted-foreground mt-2 text-sm">
            {user.email}. {action ? CONSEQUENCE[action] : ''}
          </AlertDialog.Description>
          <div className="mt-5 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={busy}>
                Cancel
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant={destructive ? 'destructive' : 'default'}
              disabled={busy}
              onClick={() => action && onConfirm(action)}
            >
              {busy ? 'Working...' : `Confirm ${label.toLowerCase()}`}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

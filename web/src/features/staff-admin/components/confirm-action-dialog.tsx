import { STAFF_ACTION_LABELS, type StaffAction, type StaffListItem } from '@bankmanager/contracts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';

/** What each action does to the person, said before (the confirmation) and after (the outcome line). */
export const CONSEQUENCE: Record<StaffAction, string> = {
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
    <AlertDialog open={action !== null} onOpenChange={(o) => (!o ? onCancel() : undefined)}>
      <AlertDialogContent>
        <AlertDialogTitle>
          {label}: {user.fullName || user.email}?
        </AlertDialogTitle>
        <AlertDialogDescription>
          {user.email}. {action ? CONSEQUENCE[action] : ''}
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={busy}>
              Cancel
            </Button>
          </AlertDialogCancel>
          <Button
            variant={destructive ? 'destructive' : 'default'}
            disabled={busy}
            onClick={() => action && onConfirm(action)}
          >
            {busy ? 'Working...' : `Confirm ${label.toLowerCase()}`}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

import { useState } from 'react';
import { MoreHorizontal } from 'lucide-react';
import { STAFF_ACTION_LABELS, type StaffAction, type StaffListItem } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { availableActions } from './available-actions';
import { ConfirmActionDialog } from './confirm-action-dialog';
import { useRunAction } from './use-run-action';

/** The per-row 'Actions' menu; each item opens a confirmation first. */
export function StaffRowActions({ user }: { user: StaffListItem }) {
  const [pending, setPending] = useState<StaffAction | null>(null);
  const { run, busy } = useRunAction();
  const who = user.fullName || user.email;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" aria-label={`Actions for ${who}`}>
            <MoreHorizontal aria-hidden /> Actions
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          {availableActions(user).map((a) => (
            <DropdownMenuItem key={a} onSelect={() => setPending(a)}>
              {STAFF_ACTION_LABELS[a]}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmActionDialog
        user={user}
        action={pending}
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={(a) => void run(user, a).then(() => setPending(null))}
      />
    </>
  );
}

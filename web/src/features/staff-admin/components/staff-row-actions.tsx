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
import { StaffRolesDialog } from './staff-roles-dialog';
import { usePermissions } from '@/lib/permissions';

/** The per-row 'Actions' menu; each item opens a confirmation first. */
export function StaffRowActions({ user }: { user: StaffListItem }) {
  const [pending, setPending] = useState<StaffAction | null>(null);
  const { run, busy } = useRunAction();
  const [rolesOpen, setRolesOpen] = useState(false);
  const { can } = usePermissions();
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
          {can('roles.manage') && user.status !== 'pending' ? (
            <DropdownMenuItem onSelect={() => setRolesOpen(true)}>Roles and branch</DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmActionDialog
        user={user}
        action={pending}
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={(a) => void run(user, a).then(() => setPending(null))}
      />
      <StaffRolesDialog user={rolesOpen ? user : null} onClose={() => setRolesOpen(false)} />
    </>
  );
}

import { useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import { MoreHorizontal } from 'lucide-react';
import { STAFF_ACTION_LABELS, type StaffAction, type StaffListItem } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
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
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <Button variant="outline" size="sm" aria-label={`Actions for ${who}`}>
            <MoreHorizontal aria-hidden /> Actions
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            className="bg-popover text-popover-foreground z-50 min-w-44 rounded-md border p-1 shadow-md"
          >
            {availableActions(user).map((a) => (
              <DropdownMenu.Item
                key={a}
                onSelect={() => setPending(a)}
                className="focus:bg-accent cursor-pointer rounded-sm px-2 py-1.5 text-sm outline-none"
              >
                {STAFF_ACTION_LABELS[a]}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
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

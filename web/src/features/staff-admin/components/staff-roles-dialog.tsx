import { useState } from 'react';
import type { StaffListItem } from '@bankmanager/contracts';
import { BRANCHES } from '@bankmanager/contracts/branches';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/lib/toast';
import { useAssignableRoles, useSetStaffRoles } from '../api/set-staff-roles';

/**
 * Roles and home branch of one member of staff (ADR 0015). Saving sends a request that another
 * person must approve; the current roles are shown in the access matrix (/security/access).
 */
export function StaffRolesDialog({ user, onClose }: { user: StaffListItem | null; onClose: () => void }) {
  const roles = useAssignableRoles(user !== null);
  const save = useSetStaffRoles();
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const [branch, setBranch] = useState<string>('');
  const held = new Set(
    (roles.data ?? []).filter((r) => r.holders.some((h) => h.userId === user?.id)).map((r) => r.id),
  );
  const selected = chosen ?? held;
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };
  const close = () => {
    setChosen(null);
    setBranch('');
    onClose();
  };
  return (
    <Dialog open={user !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent aria-describedby={undefined}>
        <DialogTitle>Roles of {user?.fullName || user?.email}</DialogTitle>
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">Roles</legend>
          {(roles.data ?? [])
            .filter((r) => !r.retired)
            .map((r) => (
              <label key={r.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={selected.has(r.id)} onChange={() => toggle(r.id)} />
                {r.name}
              </label>
            ))}
        </fieldset>
        <label className="flex items-center gap-2 text-sm">
          Home branch
          <select
            className="border-input bg-background h-9 rounded-md border px-2 text-sm"
            value={branch}
            onChange={(e) => setBranch(e.target.value)}
          >
            <option value="">None</option>
            {BRANCHES.map((b) => (
              <option key={b.code} value={b.code}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
        <Button
          disabled={save.isPending || !user}
          onClick={() =>
            user &&
            save.mutate(
              { userId: user.id, input: { roleIds: [...selected], homeBranch: branch || null } },
              {
                onSuccess: () => {
                  toast({
                    title: 'Sent for approval: another person must approve the change.',
                    variant: 'success',
                  });
                  close();
                },
                onError: (e) => toast({ title: e.message, variant: 'destructive' }),
              },
            )
          }
        >
          Send for approval
        </Button>
      </DialogContent>
    </Dialog>
  );
}

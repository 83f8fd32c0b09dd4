import { useForm, useWatch } from 'react-hook-form';
import { staffRolesInputSchema, type StaffListItem, type StaffRolesInput } from '@bankmanager/contracts';
import { BRANCHES } from '@bankmanager/contracts/branches';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/form-field';
import { fieldErrorsFrom, setFieldErrors } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';
import { toastSentForApproval } from '@/lib/sent-for-approval';
import { toast } from '@/lib/toast';
import { useAssignableRoles, useSetStaffRoles } from '../api/set-staff-roles';

interface Values {
  roleIds: string[];
  homeBranch: string;
}

/**
 * Roles and home branch of one member of staff (ADR 0015). Saving sends a request that another
 * person must approve; the current roles are shown in the access matrix (/security/access).
 */
export function StaffRolesDialog({ user, onClose }: { user: StaffListItem | null; onClose: () => void }) {
  const roles = useAssignableRoles(user !== null);
  const save = useSetStaffRoles();
  const held = (roles.data ?? [])
    .filter((r) => r.holders.some((h) => h.userId === user?.id))
    .map((r) => r.id);
  // The roles the person holds are the starting point once they have loaded; "None" is no home branch.
  const form = useForm<Values, unknown, StaffRolesInput>({
    values: { roleIds: held, homeBranch: '' },
    resetOptions: { keepDirtyValues: true },
    resolver: contractResolver(staffRolesInputSchema, (v: Values) => ({
      roleIds: v.roleIds,
      homeBranch: v.homeBranch || null,
    })),
  });
  const selected = useWatch({ control: form.control, name: 'roleIds' }) ?? [];
  const errors = form.formState.errors;
  const toggle = (id: string) =>
    form.setValue('roleIds', selected.includes(id) ? selected.filter((r) => r !== id) : [...selected, id]);
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.handleSubmit(
    (input) =>
      user &&
      save.mutate(
        { userId: user.id, input },
        {
          onSuccess: (r) => {
            toastSentForApproval(r.approvalId, 'The change of roles');
            close();
          },
          onError: (e) => {
            if (setFieldErrors(form.setError, fieldErrorsFrom(e)).length === 0)
              toast({ title: e.message, variant: 'destructive' });
          },
        },
      ),
  );
  return (
    <Dialog open={user !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent aria-describedby={undefined}>
        <DialogTitle>Roles of {user?.fullName || user?.email}</DialogTitle>
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium">Roles</legend>
            {(roles.data ?? [])
              .filter((r) => !r.retired)
              .map((r) => (
                <label key={r.id} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" checked={selected.includes(r.id)} onChange={() => toggle(r.id)} />
                  {r.name}
                </label>
              ))}
            {errors.roleIds?.message ? <FieldError>{errors.roleIds.message}</FieldError> : null}
          </fieldset>
          <label className="flex items-center gap-2 text-sm">
            Home branch
            <select
              className="border-input bg-background h-9 rounded-md border px-2 text-sm"
              aria-invalid={errors.homeBranch ? true : undefined}
              {...form.register('homeBranch')}
            >
              <option value="">None</option>
              {BRANCHES.map((b) => (
                <option key={b.code} value={b.code}>
                  {b.name}
                </option>
              ))}
            </select>
          </label>
          {errors.homeBranch?.message ? <FieldError>{errors.homeBranch.message}</FieldError> : null}
          <Button type="submit" disabled={save.isPending || !user}>
            Send for approval
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

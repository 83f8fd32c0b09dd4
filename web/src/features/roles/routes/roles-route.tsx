import { useState } from 'react';
import type { Role } from '@bankmanager/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { toastSentForApproval } from '@/lib/sent-for-approval';
import { toast } from '@/lib/toast';
import { usePermissions } from '@/lib/permissions';
import { useRoles, useSaveRole } from '../api/roles';
import { RoleForm } from '../components/role-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

const HEADERS = ['Role', 'Permissions', 'Staff', 'Status', ''];

/** /security/roles (ADR 0015): the roles; create, edit and retire go to a second person for approval. */
export function RolesRoute() {
  useDocumentTitle('Roles');
  const roles = useRoles();
  const save = useSaveRole();
  const { can } = usePermissions();
  const manage = can('roles.manage');
  const [editing, setEditing] = useState<Role | 'new' | null>(null);

  return (
    <main className="mx-auto w-full max-w-6xl space-y-4 p-6">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-semibold">Roles</h1>
        {manage ? <Button onClick={() => setEditing('new')}>New role</Button> : null}
      </div>
      {roles.isError ? <p role="alert">{roles.error.message}</p> : null}
      <Table>
        <TableCaption>Roles and what they hold</TableCaption>
        <TableHeader>
          <tr>
            {HEADERS.map((h, i) => (
              <TableHead key={i}>{h}</TableHead>
            ))}
          </tr>
        </TableHeader>
        <TableBody>
          {(roles.data ?? []).map((r) => (
            <TableRow key={r.id}>
              <TableCell>
                <p className="font-medium">{r.name}</p>
                <p className="text-muted-foreground text-xs">{r.description}</p>
              </TableCell>
              <TableCell>{r.permissions.length}</TableCell>
              <TableCell>{r.holders.length}</TableCell>
              <TableCell>
                <Badge variant={r.retired ? 'outline' : 'default'}>{r.retired ? 'Retired' : 'Active'}</Badge>
              </TableCell>
              <TableCell>
                {manage ? (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setEditing(r)}
                    aria-label={`Edit ${r.name}`}
                  >
                    Edit
                  </Button>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Dialog open={editing !== null} onOpenChange={(open) => (open ? undefined : setEditing(null))}>
        <DialogContent size="lg" aria-describedby={undefined}>
          <DialogTitle>{editing === 'new' ? 'New role' : `Edit ${editing?.name ?? ''}`}</DialogTitle>
          {editing !== null ? (
            <RoleForm
              role={editing === 'new' ? undefined : editing}
              busy={save.isPending}
              onSubmit={(input, refused) =>
                save.mutate(
                  { input, role: editing === 'new' ? undefined : editing },
                  {
                    onSuccess: (r) => {
                      toastSentForApproval(r.approvalId, 'The role change');
                      setEditing(null);
                    },
                    onError: (e) => {
                      if (!refused(e)) toast({ title: e.message, variant: 'destructive' });
                    },
                  },
                )
              }
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </main>
  );
}

import { PERMISSION_DEFS } from '@bankmanager/contracts';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useRoles } from '../api/roles';
import { PERMISSION_GROUPS } from '../components/permission-groups';
import { SegregationSection } from '../components/segregation-section';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /security/access: roles × permissions, who holds each role, and who holds a toxic combination. */
export function AccessRoute() {
  useDocumentTitle('Access Control & Roles');
  const roles = useRoles();
  const list = (roles.data ?? []).filter((r) => !r.retired);
  return (
    <main className="mx-auto w-full max-w-7xl space-y-4 p-6">
      <h1 className="text-2xl font-semibold">Access Control & Roles</h1>
      {roles.isError ? <p role="alert">{roles.error.message}</p> : null}
      <div className="overflow-x-auto">
        <Table>
          <TableCaption>Which role holds which permission</TableCaption>
          <TableHeader>
            <tr>
              <TableHead>Permission</TableHead>
              {list.map((r) => (
                <TableHead key={r.id}>{r.name}</TableHead>
              ))}
            </tr>
          </TableHeader>
          <TableBody>
            {PERMISSION_GROUPS.flatMap((g) =>
              g.permissions.map((p) => (
                <TableRow key={p}>
                  <TableCell>
                    {g.name}: {PERMISSION_DEFS[p].label}
                  </TableCell>
                  {list.map((r) => (
                    <TableCell key={r.id}>
                      {r.permissions.includes(p) ? <span aria-label={`${r.name} holds ${p}`}>✓</span> : ''}
                    </TableCell>
                  ))}
                </TableRow>
              )),
            )}
          </TableBody>
        </Table>
      </div>
      <h2 className="text-xl font-semibold">Who holds each role</h2>
      <ul className="space-y-2">
        {list.map((r) => (
          <li key={r.id}>
            <span className="font-medium">{r.name}</span>:{' '}
            {r.holders.length ? r.holders.map((h) => h.email).join(', ') : 'nobody'}
          </li>
        ))}
      </ul>
      <SegregationSection />
    </main>
  );
}

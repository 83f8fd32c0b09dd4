import type { StaffListItem } from '@bankmanager/contracts';
import { Badge } from '@/components/ui/badge';
import { StaffRowActions } from './staff-row-actions';

const STATUS_VARIANT = { active: 'default', pending: 'secondary', banned: 'destructive' } as const;
const dateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');
const date = (iso: string) => new Date(iso).toLocaleDateString();
const HEADERS = [
  'Name',
  'Email',
  'Mobile',
  'Bank code',
  'Status',
  'Superuser',
  'Last sign-in',
  'MFA',
  'Created',
  'Actions',
];

export function StaffStatusBadge({ status }: { status: StaffListItem['status'] }) {
  return <Badge variant={STATUS_VARIANT[status]}>{status[0]!.toUpperCase() + status.slice(1)}</Badge>;
}

/** The staff list; every row has its actions menu. */
export function StaffTable({ rows }: { rows: StaffListItem[] }) {
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <caption className="sr-only">Staff users</caption>
        <thead className="bg-muted/50">
          <tr>
            {HEADERS.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 text-left font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((u) => (
            <tr key={u.id} className="border-t" data-testid={`staff-row-${u.email}`}>
              <td className="px-3 py-2 font-medium">{u.fullName || '—'}</td>
              <td className="px-3 py-2">{u.email}</td>
              <td className="px-3 py-2">{u.mobileNo ?? '—'}</td>
              <td className="px-3 py-2">{u.bankCode}</td>
              <td className="px-3 py-2">
                <StaffStatusBadge status={u.status} />
              </td>
              <td className="px-3 py-2">
                {u.isSuperuser ? <Badge variant="warning">Superuser</Badge> : 'No'}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{dateTime(u.lastSignInAt)}</td>
              <td className="px-3 py-2">{u.mfaEnabled ? 'On' : 'Off'}</td>
              <td className="px-3 py-2 whitespace-nowrap">{date(u.createdAt)}</td>
              <td className="px-3 py-2">
                <StaffRowActions user={u} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

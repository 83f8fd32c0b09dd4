import { formatDate, formatDateTime } from '@bankmanager/contracts/format';
import type { StaffListItem } from '@bankmanager/contracts';
import { Badge } from '@/components/ui/badge';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { StaffRowActions } from './staff-row-actions';

const STATUS_VARIANT = { active: 'default', pending: 'secondary', banned: 'destructive' } as const;
const dateTime = (iso: string | null) => (iso ? formatDateTime(iso) : 'Never');
const date = (iso: string) => formatDate(iso);
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
    <Table>
      <TableCaption>Staff users</TableCaption>
      <TableHeader>
        <tr>
          {HEADERS.map((h) => (
            <TableHead key={h}>{h}</TableHead>
          ))}
        </tr>
      </TableHeader>
      <TableBody>
        {rows.map((u) => (
          <TableRow key={u.id} data-testid={`staff-row-${u.email}`} data-staff-row={u.id}>
            <TableCell className="font-medium">{u.fullName || '—'}</TableCell>
            <TableCell>{u.email}</TableCell>
            <TableCell>{u.mobileNo ?? '—'}</TableCell>
            <TableCell>{u.bankCode}</TableCell>
            <TableCell>
              <StaffStatusBadge status={u.status} />
            </TableCell>
            <TableCell>{u.isSuperuser ? <Badge variant="warning">Superuser</Badge> : 'No'}</TableCell>
            <TableCell kind="date">{dateTime(u.lastSignInAt)}</TableCell>
            <TableCell>{u.mfaEnabled ? 'On' : 'Off'}</TableCell>
            <TableCell kind="date">{date(u.createdAt)}</TableCell>
            <TableCell>
              <StaffRowActions user={u} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

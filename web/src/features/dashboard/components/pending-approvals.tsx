import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePermissions } from '@/lib/permissions';
import { usePendingApprovalsCount } from '../api/get-pending-approvals';

const INBOX = paths.approvalsInbox;

/** For checkers (issue 15): how many four-eyes requests wait for them, linking to the inbox. */
export function PendingApprovals() {
  const { can } = usePermissions();
  const checker = can('approvals.decide');
  const { data } = usePendingApprovalsCount(checker);
  if (!checker || data === undefined) return null;
  return (
    <p role="status" className="rounded-md border p-3 text-sm">
      {data === 0 ? (
        'No approval requests are waiting for you.'
      ) : (
        <Link to={INBOX} className="font-medium underline">
          {data === 1 ? '1 approval request is' : `${data} approval requests are`} waiting for you
        </Link>
      )}
    </p>
  );
}

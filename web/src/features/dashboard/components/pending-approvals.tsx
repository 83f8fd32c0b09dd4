import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { inboxDefaults } from '@/lib/approvals-inbox';
import { useBranch } from '@/lib/branch';
import { usePermissions } from '@/lib/permissions';
import { useLiveRefetch } from '@/lib/realtime';
import { usePendingApprovalsCount } from '../api/get-pending-approvals';

const INBOX = paths.approvalsInbox;

/** For checkers (ADR 0015): how many four-eyes requests wait for them, linking to the inbox. */
export function PendingApprovals() {
  const { can } = usePermissions();
  const checker = can('approvals.decide');
  // Live (docs/realtime-protocol.md): the count follows requests made and decided elsewhere.
  const poll = useLiveRefetch(
    'pending-approvals',
    [{ table: 'approval_requests' }],
    [['approvals', 'pending-count']],
    checker,
  );
  // The inbox's own default filter (the header's branch), so the two always agree.
  const { branch } = useBranch();
  const { data } = usePendingApprovalsCount(inboxDefaults(branch), checker, poll);
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

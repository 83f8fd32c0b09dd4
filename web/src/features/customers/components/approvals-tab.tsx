import { Link } from 'react-router';
import { APPROVAL_POLICIES, type ApprovalType, type Customer360 } from '@bankmanager/contracts';
import { usePermissions } from '@/lib/permissions';

const labelOf = (type: string) => APPROVAL_POLICIES[type as ApprovalType]?.label ?? type;

/** Requests about this customer that wait for a checker (decided in the approvals inbox). */
export function ApprovalsTab({ customer: c }: { customer: Customer360 }) {
  const { can } = usePermissions();
  if (c.pendingApprovals.length === 0) return <p>No pending approvals.</p>;
  return (
    <div className="grid gap-2">
      <ul className="grid gap-2">
        {c.pendingApprovals.map((a) => (
          <li key={a.id} className="rounded-md border p-3 text-sm">
            <span className="font-medium">{labelOf(a.type)}</span>, requested by {a.makerEmail}
          </li>
        ))}
      </ul>
      {can('approvals.decide') ? (
        <Link className="underline" to="/transactions/control/approve">
          Decide in the approvals inbox
        </Link>
      ) : null}
    </div>
  );
}

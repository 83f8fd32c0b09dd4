import { useAuditEntry } from '../api/get-audit-entry';

// A four-eyes change is written by the maker's request; the checker is in the row's details.
const APPROVED_ACTIONS = new Set([
  'customer.status',
  'customer.kyc_edit',
  'customer.risk_override',
  'customer.merge',
]);

/** The reason and, for an approved change, who approved it. */
export function AuditNote({ id, action }: { id: number; action: string }) {
  const entry = useAuditEntry(id, APPROVED_ACTIONS.has(action));
  const d = entry.data?.details;
  if (!d) return null;
  const approvedBy = typeof d.approvedBy === 'string' ? d.approvedBy : null;
  const reason = typeof d.reason === 'string' ? d.reason : null;
  return (
    <span className="text-sm">
      {reason ? `Reason: ${reason}` : ''}
      {reason && approvedBy ? ' · ' : ''}
      {approvedBy ? `approved by ${approvedBy}` : ''}
    </span>
  );
}

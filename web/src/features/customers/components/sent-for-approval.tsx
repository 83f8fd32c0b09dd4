import { FieldError } from '@/components/ui/form-field';
import { errorText } from '../lib/server-errors';

/** What a four-eyes request came to: "sent for approval" with its id, or why it was refused. */
export function RequestOutcome({ approvalId, error }: { approvalId?: string | null; error?: unknown }) {
  if (error) return <FieldError>{errorText(error)}</FieldError>;
  if (approvalId === undefined || approvalId === null) return null;
  return (
    <p role="status" className="text-sm font-medium">
      Sent for approval{approvalId ? ` (request ${approvalId})` : ''}. A checker decides it in the approvals
      inbox.
    </p>
  );
}

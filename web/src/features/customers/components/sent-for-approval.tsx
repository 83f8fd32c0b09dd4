import { FieldError } from '@/components/ui/form-field';
import { errorText } from '../lib/server-errors';
import { RequestSent } from '@/components/approvals/request-sent';

/** What a four-eyes request came to: "sent for approval" with a link to it, or why it was refused. */
export function RequestOutcome({ approvalId, error }: { approvalId?: string | null; error?: unknown }) {
  if (error) return <FieldError>{errorText(error)}</FieldError>;
  if (approvalId === undefined || approvalId === null) return null;
  return <RequestSent approvalId={approvalId} what="The change" />;
}

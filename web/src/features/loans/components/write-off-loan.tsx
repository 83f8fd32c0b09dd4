import { useState } from 'react';
import { loanWriteOffSchema, type LoanDetail } from '@bankmanager/contracts';
import { FOUR_EYES_TEXT } from '@bankmanager/contracts/approval-display';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { fieldErrorsFrom, formLevelError } from '@/lib/api-errors';
import { toastSentForApproval } from '@/lib/sent-for-approval';
import { useWriteOffLoan } from '../api/write-off-loan';

/**
 * A Loss loan's write-off: the maker gives a reason and asks; a Branch Manager approves, or the Head
 * of Credit above the limit. The server refuses a loan that is not Loss, in its own words.
 */
export function WriteOffLoan({ loan: l, onClose }: { loan: LoanDetail; onClose: () => void }) {
  const writeOff = useWriteOffLoan(l.id);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const refusal = formLevelError(writeOff.error);
  return (
    <form
      noValidate
      aria-label="Write off the loan"
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = loanWriteOffSchema.safeParse({ reason });
        if (!parsed.success) return setReasonError(parsed.error.issues[0]?.message);
        setReasonError(undefined);
        writeOff.mutate(parsed.data.reason, {
          onSuccess: (a) => {
            toastSentForApproval(a.approvalId, 'The write-off');
            onClose();
          },
          onError: (err) => setReasonError(fieldErrorsFrom(err).reason),
        });
      }}
    >
      <FormField
        id="write-off-reason"
        label="Reason for the write-off"
        autoComplete="off"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={reasonError}
      />
      <Button type="submit" disabled={writeOff.isPending}>
        {writeOff.isPending ? FOUR_EYES_TEXT.sending : FOUR_EYES_TEXT.send}
      </Button>
      <Button type="button" variant="outline" onClick={onClose}>
        Cancel
      </Button>
      {refusal ? (
        <p role="alert" className="text-destructive basis-full text-sm">
          {refusal.message}
        </p>
      ) : null}
    </form>
  );
}

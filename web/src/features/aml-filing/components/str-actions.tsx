import { Link } from 'react-router';
import type { StrReport } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { usePermissions } from '@/lib/permissions';
import { requestHref } from '@/lib/sent-for-approval';
import { toast } from '@/lib/toast';
import { downloadStr, useRecordStrSubmission, useSendStr } from '../api/str-reports';
import { FiuSubmissionForm } from './fiu-submission-form';

/**
 * What can be done with an STR from where it stands: a draft goes to the MLRO; one awaiting them is
 * decided in the approvals inbox (the MLRO gets the link); an approved one downloads as goAML XML and
 * PDF, and the MLRO records the FIU's date and reference.
 */
export function StrActions({ s }: { s: StrReport }) {
  const { can } = usePermissions();
  const send = useSendStr();
  const submission = useRecordStrSubmission();
  if (s.status === 'draft')
    return can('aml.str.prepare') ? (
      <Button
        size="sm"
        disabled={send.isPending}
        onClick={() =>
          send.mutate(s.id, {
            onSuccess: () =>
              toast({ title: 'Sent to the MLRO', description: `${s.reference} awaits approval.` }),
            onError: (err) => toast({ title: 'Error', description: err.message, variant: 'destructive' }),
          })
        }
      >
        Send to the MLRO <span className="sr-only">{s.reference}</span>
      </Button>
    ) : null;
  if (s.status === 'pending_approval')
    return can('aml.str.file') && s.approvalId ? (
      <Link className="text-primary underline" to={requestHref(s.approvalId)}>
        Decide in the approvals inbox <span className="sr-only">{s.reference}</span>
      </Link>
    ) : (
      <span>In the approvals inbox</span>
    );
  return (
    <div className="grid gap-2">
      <span className="flex flex-wrap gap-2">
        {(['xml', 'pdf'] as const).map((f) => (
          <Button key={f} size="sm" variant="outline" onClick={() => void downloadStr(s, f)}>
            {f === 'xml' ? 'goAML XML' : 'PDF'} <span className="sr-only">of {s.reference}</span>
          </Button>
        ))}
      </span>
      {s.status === 'approved' && can('aml.str.file') ? (
        <FiuSubmissionForm
          id={s.id}
          reference={s.reference}
          busy={submission.isPending}
          record={(body, onError) =>
            submission.mutate({ id: s.id, body }, { onError: (err) => onError(err.message) })
          }
        />
      ) : null}
    </div>
  );
}

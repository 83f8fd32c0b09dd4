import { Navigate } from 'react-router';
import { useStrPrefill } from '../api/str-reports';
import { StrDraftForm } from './str-draft-form';

/**
 * A new STR from a case: the case's evidence prefills the form; a case that already has an STR in
 * progress opens that one instead (a case has one at a time).
 */
export function StrFromCase({ caseId, onSaved }: { caseId: string; onSaved: (id: string) => void }) {
  const prefill = useStrPrefill(caseId);
  if (prefill.isError)
    return (
      <p role="alert" className="text-destructive">
        {prefill.error.message}
      </p>
    );
  if (!prefill.data) return <p role="status">Loading the case…</p>;
  if (prefill.data.strId) return <Navigate replace to={{ search: `?str=${prefill.data.strId}` }} />;
  return <StrDraftForm prefill={prefill.data} draft={null} onSaved={(s) => onSaved(s.id)} />;
}

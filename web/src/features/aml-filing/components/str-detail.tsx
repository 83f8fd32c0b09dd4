import { STR_GROUNDS, STR_LABELS, formatDateTime, type StrReport } from '@bankmanager/contracts';
import { usePermissions } from '@/lib/permissions';
import { useStrPrefill, useStrReport } from '../api/str-reports';
import { StrActions } from './str-actions';
import { StrDraftForm } from './str-draft-form';

function Facts({ s }: { s: StrReport }) {
  const rows: [string, string][] = [
    ['Reference', s.reference],
    ['Status', STR_LABELS.status[s.status]],
    ['Subject', `${s.customerName} (${s.custId})`],
    ['Prepared', `${s.preparedBy}, ${formatDateTime(s.preparedAt)}`],
  ];
  if (s.approvedBy) rows.push(['Approved by the MLRO', `${s.approvedBy}, ${formatDateTime(s.approvedAt!)}`]);
  if (s.fiuReference) rows.push(['FIU reference', `${s.fiuReference} (${s.fiuSubmittedOn ?? ''})`]);
  return (
    <dl className="grid gap-2 sm:grid-cols-3">
      {rows.map(([k, v]) => (
        <div key={k} className="min-w-0">
          <dt className="text-muted-foreground text-sm">{k}</dt>
          <dd className="break-words">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A report past its draft, as it was sent: what the MLRO approved and the FIU received. */
function AsSent({ s }: { s: StrReport }) {
  const list = (items: string[]) => (items.length ? items.join(', ') : 'None');
  return (
    <dl className="grid gap-3">
      <div>
        <dt className="text-muted-foreground text-sm">Grounds for suspicion</dt>
        <dd>
          <ul className="list-disc pl-5">
            {s.grounds.map((g) => (
              <li key={g}>{`${g}: ${STR_GROUNDS[g]}`}</li>
            ))}
          </ul>
        </dd>
      </div>
      <div className="min-w-0">
        <dt className="text-muted-foreground text-sm">Accounts</dt>
        <dd className="break-words">{list(s.accounts)}</dd>
      </div>
      <div className="min-w-0">
        <dt className="text-muted-foreground text-sm">Transactions</dt>
        <dd className="break-words">{list(s.transactions)}</dd>
      </div>
      <div className="min-w-0">
        <dt className="text-muted-foreground text-sm">Narrative</dt>
        <dd className="break-words whitespace-pre-wrap">{s.narrative}</dd>
      </div>
      <div className="min-w-0">
        <dt className="text-muted-foreground text-sm">Action taken</dt>
        <dd className="break-words whitespace-pre-wrap">{s.action || 'None recorded'}</dd>
      </div>
    </dl>
  );
}

/** A draft the caller may edit, with the case's choices (its alerts' transactions, the accounts). */
function EditDraft({ s }: { s: StrReport }) {
  const prefill = useStrPrefill(s.caseId);
  if (prefill.isError)
    return (
      <p role="alert" className="text-destructive">
        {prefill.error.message}
      </p>
    );
  if (!prefill.data) return <p role="status">Loading the case…</p>;
  return <StrDraftForm key={s.id} prefill={prefill.data} draft={s} onSaved={() => undefined} />;
}

/** One STR: its facts, the draft form while it is a draft (for a preparer), else as sent, and its actions. */
export function StrDetail({ id }: { id: string }) {
  const { can } = usePermissions();
  const one = useStrReport(id);
  if (one.isError)
    return (
      <p role="alert" className="text-destructive">
        {one.error.message}
      </p>
    );
  if (!one.data) return <p role="status">Loading the STR…</p>;
  const s = one.data;
  const editable = s.status === 'draft' && can('aml.str.prepare');
  return (
    <div className="grid gap-5">
      <Facts s={s} />
      {editable ? <EditDraft s={s} /> : <AsSent s={s} />}
      {s.status !== 'draft' ? <StrActions s={s} /> : null}
    </div>
  );
}

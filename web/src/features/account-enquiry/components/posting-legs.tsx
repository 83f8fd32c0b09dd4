import { formatCurrency, journalSourceLabel } from '@bankmanager/contracts';
import { usePostingLegs } from '../api/get-posting-legs';

/** The other lines of a posting's journal entry: "from" for a credit's debits, "to" for a debit's credits. */
export function PostingLegs({ number, id }: { number: string; id: string }) {
  const legs = usePostingLegs(number, id, true);
  if (legs.isPending) return <p className="text-muted-foreground text-sm">Loading the other side...</p>;
  if (legs.isError)
    return (
      <p role="alert" className="text-destructive text-sm">
        {legs.error.message}
      </p>
    );
  const e = legs.data;
  return (
    <div className="grid gap-1 text-sm">
      <p className="text-muted-foreground">{`Journal entry ${e.entry_id} · ${e.business_date} · ${journalSourceLabel(e.source)} · ${e.reference}`}</p>
      <ul className="grid gap-0.5">
        {e.legs.map((l, i) => (
          <li key={i}>
            {`${l.side === 'debit' ? 'From' : 'To'} ${l.account_number ? `account ${l.account_number}` : `${l.gl_code} ${l.gl_name}`}: ${formatCurrency(l.amount, l.currency)}`}
          </li>
        ))}
      </ul>
    </div>
  );
}

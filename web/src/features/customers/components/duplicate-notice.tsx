import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import type { DuplicateRefusal } from '../lib/server-errors';

const WHY = {
  id_number: 'same ID number',
  name_and_birth_date: 'same name and date of birth',
  mobile: 'same mobile number',
} as const;

/**
 * The server's 409 with links to the customers it matched: an ID already on file is refused outright;
 * a possible duplicate (name and birth date, or mobile) may be confirmed and sent again.
 */
export function DuplicateNotice({
  refusal,
  busy,
  onConfirm,
}: {
  refusal: DuplicateRefusal;
  busy: boolean;
  onConfirm: () => void;
}) {
  const refused = refusal.code === 'duplicate_id';
  return (
    <div role="alert" className="border-destructive grid gap-2 rounded-md border p-4">
      <p className="font-medium">{refusal.error}</p>
      <ul className="list-disc pl-5 text-sm">
        {refusal.matches.map((m) => (
          <li key={`${m.id}-${m.why}`}>
            <Link className="underline" to={m.href}>
              {m.name}
            </Link>{' '}
            ({WHY[m.why]})
          </li>
        ))}
      </ul>
      {refused ? null : (
        <div>
          <Button type="button" variant="outline" disabled={busy} onClick={onConfirm}>
            This is a different customer: create anyway
          </Button>
        </div>
      )}
    </div>
  );
}

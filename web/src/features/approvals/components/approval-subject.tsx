import { Link } from 'react-router';
import {
  CUSTOMER_ACTION_LABELS,
  customerHref,
  type Approval,
  type CustomerAction,
} from '@bankmanager/contracts';

const field = (v: unknown, key: string): unknown =>
  v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;

/**
 * What a request is about, readably: a customer's request links to the customer 360 page and says the
 * lifecycle action and its reason (checkers decide on those, not on raw JSON).
 */
export function ApprovalSubject({ approval: a }: { approval: Approval }) {
  if (a.subjectType !== 'customer' || !/^\d+$/.test(a.subjectId))
    return (
      <>
        {a.subjectType} {a.subjectId}
      </>
    );
  const action = field(a.command, 'action') ?? field(a.after, 'action');
  const reason = field(a.command, 'reason') ?? field(a.after, 'reason');
  return (
    <div className="grid gap-1">
      <Link className="underline" to={customerHref(Number(a.subjectId))}>
        Customer {a.subjectId.padStart(6, '0')}
      </Link>
      {typeof action === 'string' && action in CUSTOMER_ACTION_LABELS ? (
        <span>{CUSTOMER_ACTION_LABELS[action as CustomerAction]}</span>
      ) : null}
      {typeof reason === 'string' ? (
        <span className="text-muted-foreground text-xs">Reason: {reason}</span>
      ) : null}
    </div>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import {
  customerHref,
  customerValueLabel,
  groupCustomerFields,
  type Customer360,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { usePermissions } from '@/lib/permissions';
import { flatten, labelOf } from '../lib/field-labels';
import { showValue } from '../lib/show-value';
import { EditDetailsForm } from './edit-details-form';

// Coded values (ID type, income band, source of funds, gender) by their contracts labels.
const show = (k: string, v: unknown) =>
  (typeof v === 'string' ? customerValueLabel(k, v) : showValue(v)) || '—';

/** The record as created, its related customers and mandate; "Edit" for those who may. */
export function DetailsTab({ customer: c }: { customer: Customer360 }) {
  const { can } = usePermissions();
  const [editing, setEditing] = useState(false);
  if (editing) return <EditDetailsForm customer={c} onDone={() => setEditing(false)} />;
  return (
    <div className="grid gap-4">
      {/* Grouped in the order staff check a file: identity, contact, address, ID, employment, next of kin. */}
      {groupCustomerFields(flatten(c.details).filter(([k]) => k !== 'type')).map((g) => (
        <section key={g.title} aria-label={g.title}>
          <h3 className="mb-2 font-semibold">{g.title}</h3>
          <dl className="grid gap-x-8 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
            {g.entries.map(([k, v]) => (
              <div key={k}>
                <dt className="text-muted-foreground text-sm">{labelOf(k)}</dt>
                <dd className="font-medium break-words">{show(k, v)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      {c.related.length ? (
        <section>
          <h3 className="font-semibold">
            Related customers{c.mandate ? ` (mandate: ${c.mandate.replaceAll('_', ' ')})` : ''}
          </h3>
          <ul className="list-disc pl-5">
            {c.related.map((r) => (
              <li key={`${r.id}-${r.role}`}>
                <Link className="underline" to={customerHref(r.id)}>
                  {r.name}
                </Link>{' '}
                — {r.role}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {can('customers.create') && c.status !== 'Closed' ? (
        <div>
          <Button variant="outline" onClick={() => setEditing(true)}>
            Edit details
          </Button>
        </div>
      ) : null}
    </div>
  );
}

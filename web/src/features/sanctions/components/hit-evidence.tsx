import type { ReactNode } from 'react';
import { SANCTIONS_LABELS, type SanctionsHit } from '@bankmanager/contracts';

const list = (xs: string[]) => (xs.length > 0 ? xs.join('; ') : '—');

function Facts({ title, rows }: { title: string; rows: [string, ReactNode, boolean?][] }) {
  return (
    <section className="rounded-md border p-4" aria-label={title}>
      <h3 className="mb-2 font-semibold">{title}</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value, matched]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className={matched ? 'font-semibold' : undefined}>
              {value}
              {matched ? <span className="sr-only"> (matched)</span> : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The evidence side by side: the customer as screened and the list entry, the matched fields in bold. */
export function HitEvidence({ hit }: { hit: SanctionsHit }) {
  const m = new Set(hit.matchedFields);
  const e = hit.entry;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Facts
        title="Customer"
        rows={[
          ['Name', hit.customer.name, m.has('name') || m.has('alias')],
          ['Customer number', hit.customer.id],
          ['Date of birth', hit.customer.dateOfBirth ?? '—', m.has('dateOfBirth')],
          ['Status', hit.customer.status],
          ['Branch', hit.customer.branch],
        ]}
      />
      <Facts
        title="List entry"
        rows={[
          ['List', SANCTIONS_LABELS.source[e.source]],
          ['Name', e.name, m.has('name')],
          ['Aliases', list(e.aliases), m.has('alias')],
          ['Matched on', hit.matchedName, true],
          ['Dates of birth', list(e.datesOfBirth), m.has('dateOfBirth')],
          ['Nationality', list(e.nationalities)],
          ['Reference', `${e.referenceNumber ?? '—'} (${e.listType ?? 'no regime stated'}), id ${e.ref}`],
          ['Listed on', e.listedOn ?? '—'],
          ['Comments', e.comments ?? '—'],
        ]}
      />
    </div>
  );
}

import type { EodPrecheck } from '@bankmanager/contracts';
import { StateBadge } from './state-badge';

/** Each pre-check: its state, what it found, and the items behind it (open tills, requests, balances). */
export function PrecheckList({ checks }: { checks: EodPrecheck[] }) {
  return (
    <ul className="space-y-3" aria-label="Pre-checks">
      {checks.map((c) => (
        <li key={c.key} className="rounded-md border p-3" data-check={c.key}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="font-medium">{c.label}</h3>
            <StateBadge check={c.state} />
          </div>
          <p className="text-muted-foreground mt-1 text-sm">{c.message}</p>
          {c.items.length > 0 ? (
            <ul className="mt-2 space-y-1 text-sm">
              {c.items.slice(0, 50).map((item, i) => (
                <li key={i} className="bg-muted/40 rounded px-2 py-1 break-words">
                  {Object.entries(item)
                    .map(([k, v]) => `${k}: ${v}`)
                    .join(' · ')}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

import { cn } from '@/lib/cn';

/** Label over value, in a grid: what the counter's loan cards and receipts read out. */
export function TermGrid({ rows, className }: { rows: [string, string][]; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-2 gap-2 text-sm', className)}>
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt className="text-muted-foreground">{k}</dt>
          <dd className="font-medium">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

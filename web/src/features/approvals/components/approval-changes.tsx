import { approvalChanges } from '@bankmanager/contracts';

/**
 * A request's change as a table of labelled fields (labels from the contracts), before beside after,
 * the changed ones marked: what a checker compares, wrapping in its cell rather than overflowing it.
 */
export function ApprovalChanges({ before, after, id }: { before: unknown; after: unknown; id: string }) {
  const rows = approvalChanges(before, after);
  if (rows.length === 0) return <span className="text-muted-foreground text-xs">No fields</span>;
  return (
    <details className="max-w-md">
      <summary className="cursor-pointer">Changes</summary>
      <table
        className="mt-1 w-full table-fixed border-collapse text-xs"
        aria-label={`Changes of request ${id}`}
      >
        <thead>
          <tr>
            <th scope="col" className="w-1/4 p-1 text-left font-medium">
              Field
            </th>
            <th scope="col" className="p-1 text-left font-medium">
              Before
            </th>
            <th scope="col" className="p-1 text-left font-medium">
              After
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className={r.changed ? 'bg-muted font-medium' : undefined}>
              <th scope="row" className="p-1 text-left align-top font-normal break-words">
                {r.label}
                {r.changed ? <span className="sr-only"> (changed)</span> : null}
              </th>
              <td className="p-1 align-top break-words whitespace-normal">{r.before}</td>
              <td className="p-1 align-top break-words whitespace-normal">{r.after}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

import { BRANCHES } from '@bankmanager/contracts/branches';
import { useEffect } from 'react';
import { usePermissions } from '@/lib/permissions';
import { BRANCH_SCOPE_TEXT, useBranch } from '@/lib/branch';

/** Native select: accessible and light. */
export function BranchSelect({ id = 'branch-select' }: { id?: string }) {
  const { branch, chosen, setBranch } = useBranch();
  const { me, can } = usePermissions();
  const home = me?.homeBranch ?? null;
  // Without the cross-branch permission the selector is locked to the home branch (ADR 0015).
  const locked = me !== null && !can('branches.all');
  // The home branch is only the first choice: "All branches", once chosen, stays (across reloads).
  useEffect(() => {
    if (me && home && ((!chosen && branch === null) || (locked && branch !== home))) setBranch(home);
  }, [me, home, branch, chosen, locked, setBranch]);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-muted-foreground text-sm">
        Branch
      </label>
      <select
        id={id}
        value={branch ?? ''}
        onChange={(e) => setBranch(e.target.value || null)}
        disabled={locked}
        title={locked ? 'You work in your home branch only' : BRANCH_SCOPE_TEXT}
        aria-describedby={`${id}-scope`}
        className="border-input bg-background focus-visible:ring-ring h-9 max-w-48 rounded-md border px-2 text-sm focus-visible:ring-2 focus-visible:outline-none"
      >
        <option value="">All branches</option>
        {BRANCHES.map((b) => (
          <option key={b.code} value={b.code}>
            {b.name}
          </option>
        ))}
      </select>
      <span id={`${id}-scope`} className="sr-only">
        {locked ? 'You work in your home branch only. ' : ''}
        {BRANCH_SCOPE_TEXT}
      </span>
    </div>
  );
}

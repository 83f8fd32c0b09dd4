import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** What the selection changes, said where it is chosen (the selector's description). */
export const BRANCH_SCOPE_TEXT =
  'Filters the customer, account, registered-users and approval lists to this branch; choose "All branches" to see every branch you may.';

/** What it does not scope, said where the figures are (the dashboard's key figures are bank-wide). */
export const FIGURES_SCOPE_TEXT =
  'Figures for the whole bank, all branches: the Branch selector filters the customer, account, registered-users and approval lists, not these.';

const STORAGE_KEY = 'bankmanager-branch';
// "All branches" is a choice too: stored as its own value, so a reload keeps it and the selector does not
// mistake it for "nothing chosen yet" and snap back to the home branch.
const ALL = 'all';
const readStored = (): { branch: string | null; chosen: boolean } => {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    if (v === ALL) return { branch: null, chosen: true };
    return v && /^\d{3}$/.test(v) ? { branch: v, chosen: true } : { branch: null, chosen: false };
  } catch {
    return { branch: null, chosen: false };
  }
};

interface BranchContextValue {
  /** The selected branch code; null = all branches, or none chosen yet (docs/product.md §3: initially none). */
  branch: string | null;
  /** Whether the user has chosen (a branch or all branches); until then the selector offers the home branch. */
  chosen: boolean;
  /** A branch, or null for all branches. */
  setBranch: (code: string | null) => void;
  /** Forgets the choice (sign-out). */
  resetBranch: () => void;
}

// Outside the provider (a screen rendered alone, as in its tests) nothing is selected.
const BranchContext = createContext<BranchContextValue>({
  branch: null,
  chosen: false,
  setBranch: () => {},
  resetBranch: () => {},
});

const store = (v: string | null) => {
  try {
    if (v) localStorage.setItem(STORAGE_KEY, v);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
};

/** One shared branch selection for the whole app; it survives a reload (localStorage). */
export function BranchProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState(readStored);
  const setBranch = useCallback((code: string | null) => {
    store(code ?? ALL);
    setState({ branch: code, chosen: true });
  }, []);
  const resetBranch = useCallback(() => {
    store(null);
    setState({ branch: null, chosen: false });
  }, []);
  const value = useMemo(() => ({ ...state, setBranch, resetBranch }), [state, setBranch, resetBranch]);
  return <BranchContext.Provider value={value}>{children}</BranchContext.Provider>;
}

export const useBranch = (): BranchContextValue => useContext(BranchContext);

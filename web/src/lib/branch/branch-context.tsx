import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** What the selection changes, said where it is chosen (the selector's description). */
export const BRANCH_SCOPE_TEXT =
  'Filters the customer, account, registered-users and approval lists to this branch; choose "All branches" to see every branch you may.';

/** What it does not scope, said where the figures are (the dashboard's key figures are bank-wide). */
export const FIGURES_SCOPE_TEXT =
  'Figures for the whole bank, all branches: the Branch selector filters the customer, account, registered-users and approval lists, not these.';

const STORAGE_KEY = 'bankmanager-branch';
const readStored = (): string | null => {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return v && /^\d{3}$/.test(v) ? v : null;
  } catch {
    return null;
  }
};

interface BranchContextValue {
  /** The selected branch code; null = none selected (docs/product.md §3: initially none). */
  branch: string | null;
  setBranch: (code: string | null) => void;
}

// Outside the provider (a screen rendered alone, as in its tests) nothing is selected.
const BranchContext = createContext<BranchContextValue>({ branch: null, setBranch: () => {} });

/** One shared branch selection for the whole app; it survives a reload (localStorage). */
export function BranchProvider({ children }: { children: ReactNode }) {
  const [branch, setBranchState] = useState<string | null>(readStored);
  const setBranch = useCallback((code: string | null) => {
    try {
      if (code) localStorage.setItem(STORAGE_KEY, code);
      else localStorage.removeItem(STORAGE_KEY);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    setBranchState(code);
  }, []);
  const value = useMemo(() => ({ branch, setBranch }), [branch, setBranch]);
  return <BranchContext.Provider value={value}>{children}</BranchContext.Provider>;
}

export const useBranch = (): BranchContextValue => useContext(BranchContext);

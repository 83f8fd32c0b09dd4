import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

interface BranchContextValue {
  /** The selected branch code; null = none selected (docs/product.md §3: initially none). */
  branch: string | null;
  setBranch: (code: string | null) => void;
}

const BranchContext = createContext<BranchContextValue | null>(null);

/** One shared branch selection for the whole app. */
export function BranchProvider({ children }: { children: ReactNode }) {
  const [branch, setBranch] = useState<string | null>(null);
  const value = useMemo(() => ({ branch, setBranch }), [branch]);
  return <BranchContext.Provider value={value}>{children}</BranchContext.Provider>;
}

export function useBranch(): BranchContextValue {
  const ctx = useContext(BranchContext);
  if (!ctx) throw new Error('useBranch must be used inside <BranchProvider>');
  return ctx;
}

import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { applyTheme, readStoredTheme, storeTheme, systemTheme, type Theme } from './theme-storage';

interface ThemeContextValue {
  theme: Theme;
  /** Sets and remembers an explicit choice. */
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
  /** Forgets the explicit choice (after sign-out): follow the system preference again. */
  clearTheme: () => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

/**
 * Holds the current theme. Until someone chooses, it follows the operating system's preference live
 * (docs/product.md §4: a signed-out visitor follows system preference changes).
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [explicit, setExplicit] = useState<Theme | null>(() => readStoredTheme());
  const [system, setSystem] = useState<Theme>(() => systemTheme());
  const theme = explicit ?? system;

  useEffect(() => {
    const mq = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => setSystem(mq.matches ? 'dark' : 'light');
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);

  useEffect(() => applyTheme(theme), [theme]);

  const setTheme = useCallback((t: Theme) => {
    storeTheme(t);
    setExplicit(t);
  }, []);
  const toggleTheme = useCallback(() => setTheme(theme === 'dark' ? 'light' : 'dark'), [setTheme, theme]);
  const clearTheme = useCallback(() => {
    storeTheme(null);
    setExplicit(null);
  }, []);

  const value = useMemo(
    () => ({ theme, setTheme, toggleTheme, clearTheme }),
    [theme, setTheme, toggleTheme, clearTheme],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme must be used inside <ThemeProvider>');
  return ctx;
}

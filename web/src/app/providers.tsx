import type { ReactNode } from 'react';
import { ThemeProvider } from '@/features/theme/theme-provider';

export function AppProviders({ children }: { children: ReactNode }) {
  return <ThemeProvider>{children}</ThemeProvider>;
}

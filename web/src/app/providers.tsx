import type { ReactNode } from 'react';
import { ToasterHost } from '@/components/ui/toaster-host';
import { AuthProvider } from '@/lib/auth';
import { PermissionsProvider } from '@/lib/permissions';
import { BranchProvider } from '@/lib/branch';
import { ThemeProvider, useTheme } from '@/lib/theme';
import { SignOutEffects } from './sign-out-effects';

function Toasts() {
  const { theme } = useTheme();
  return <ToasterHost theme={theme} />;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <BranchProvider>
        <AuthProvider>
          <PermissionsProvider>
            <SignOutEffects />
            {children}
            <Toasts />
          </PermissionsProvider>
        </AuthProvider>
      </BranchProvider>
    </ThemeProvider>
  );
}

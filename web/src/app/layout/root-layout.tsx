import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Loading } from '@/components/feedback/loading';
import { paths, PUBLIC_PATHS } from '@/config/paths';
import { useAuth } from '@/lib/auth';

// The header (menu, Radix, branch, profile theme) is its own chunk: only signed-in pages need it.
const AppHeader = lazy(() => import('./app-header'));

/** The one root layout every route sits under (docs/product.md §2). */
export function RootLayout() {
  const { pathname } = useLocation();
  const { start, status, user } = useAuth();
  const onLanding = pathname === paths.landing;

  const isPublic = PUBLIC_PATHS.includes(pathname);
  // The landing page never loads the auth client; every other page needs to know who is signed in.
  // On sign-in and sign-up, a visitor with no stored session is signed out without it.
  useEffect(() => {
    if (!onLanding) start({ onlyIfStored: isPublic });
  }, [onLanding, isPublic, start]);

  // Public pages render at once (their chunk loads alongside the auth client); others wait for auth.
  const authLoading = !isPublic && (status === 'idle' || status === 'loading');
  const showHeader = !isPublic && !!user;

  return (
    <div className="bg-background text-foreground flex min-h-screen flex-col">
      <a
        href="#main"
        className="focus:bg-background sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:p-2"
      >
        Skip to content
      </a>
      {showHeader ? (
        <div className="print:hidden">
          <Suspense fallback={<div className="h-16 border-b" />}>
            <AppHeader />
          </Suspense>
        </div>
      ) : null}
      <div id="main" className="flex flex-1 flex-col">
        {authLoading ? <Loading /> : <Outlet />}
      </div>
    </div>
  );
}

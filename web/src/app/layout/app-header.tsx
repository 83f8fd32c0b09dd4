import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LogOut } from 'lucide-react';
import { MENU } from '@bankmanager/contracts/menu';
import { PERMISSION_TEXT } from '@bankmanager/contracts/permissions';
import { Link, useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { userInitial } from '@/features/auth';
import { useAuth } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { setToastNavigator } from '@/lib/toast';
import { filterMenu, usePermissions } from '@/lib/permissions';
import { BranchSelect } from '@/features/branch';
import { BusinessDateBadge } from '@/features/business-date';
import { MegaMenu, MenuDrawer } from '@/features/menu';
import { ProfileThemeToggle, useProfileThemeSync } from '@/features/theme';
import { IdleSignOut } from '@/features/session';

/**
 * docs/product.md §2 header: product name, menu, branch, theme toggle, avatar initial, Pending Activation,
 * Sign Out.
 */
export default function AppHeader() {
  const { user, activation, signOut } = useAuth();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const menu = filterMenu(MENU, can);
  const userId = user?.id ?? '';
  useProfileThemeSync(userId);
  // A toast's link (e.g. "View the request") moves within the app: the toaster is outside the router.
  useEffect(() => {
    setToastNavigator((href) => void navigate(href));
    return () => setToastNavigator(null);
  }, [navigate]);
  if (!user) return null;
  const pending = activation !== null && !activation.isActivated && !activation.isSuperuser;
  const fullName = typeof user.user_metadata?.fullName === 'string' ? user.user_metadata.fullName : '';

  async function onSignOut() {
    // Leave the guarded page first so its guard does not bounce us to /signin mid-way.
    void navigate(paths.landing);
    await signOut();
  }

  return (
    <header className="bg-background sticky top-0 z-30 border-b">
      <div className="flex h-16 items-center gap-2 px-3 sm:gap-3 sm:px-4">
        <MenuDrawer
          className="md:hidden"
          items={menu}
          footer={
            <div className="grid gap-3">
              {/* At phone width the header has no room for these: the drawer carries them. */}
              <QueryClientProvider client={queryClient}>
                <BusinessDateBadge
                  inDrawer
                  enabled={activation?.isActivated === true || activation?.isSuperuser === true}
                />
              </QueryClientProvider>
              <BranchSelect id="branch-select-drawer" />
              <DialogClose asChild>
                <Link to={paths.profile} className="text-sm font-medium underline-offset-4 hover:underline">
                  Your profile
                </Link>
              </DialogClose>
            </div>
          }
        />
        <Link to={paths.dashboard} className="text-lg font-semibold whitespace-nowrap">
          BankManager
        </Link>
        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          {/* The header sits outside the routes' provider; the same cache serves both (the header's chunk is lazy). */}
          <QueryClientProvider client={queryClient}>
            <BusinessDateBadge
              enabled={activation?.isActivated === true || activation?.isSuperuser === true}
            />
          </QueryClientProvider>
          <div className="hidden sm:block">
            <BranchSelect />
          </div>
          {pending ? <Badge variant="warning">Pending Activation</Badge> : null}
          <ProfileThemeToggle userId={userId} />
          {/* The avatar opens the profile (theme, two-factor set-up, password), so it is found without typing its address. */}
          <Link
            to={paths.profile}
            aria-label={`Your profile: signed in as ${fullName || user.email || 'user'}`}
            title={fullName || user.email || undefined}
            // At phone width the avatar gives way so Sign Out stays on screen; the drawer links the profile.
            className="bg-primary text-primary-foreground focus-visible:ring-ring hidden size-9 items-center justify-center rounded-full text-sm font-semibold focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:outline-none sm:flex"
          >
            {userInitial(user)}
          </Link>
          <Button variant="outline" size="sm" onClick={() => void onSignOut()}>
            <LogOut aria-hidden />
            Sign Out
          </Button>
        </div>
      </div>
      {pending ? (
        <p className="text-muted-foreground border-t px-4 py-2 text-sm">{PERMISSION_TEXT.pendingMenu}</p>
      ) : (
        <MegaMenu items={menu} className="hidden border-t px-2 py-1 md:block" />
      )}
      <IdleSignOut />
    </header>
  );
}

import { useLocation } from 'react-router';
import { AccountListRoute, listScreenFor } from '@/features/deposit-accounts';
import { Guarded } from './guarded';

/** The Account menu's list screens; the path says which list (managers, closed, schedule…). */
export default function AccountListPage() {
  const { pathname } = useLocation();
  const screen = listScreenFor(pathname);
  return (
    <Guarded requiresActivation permission="enquiries.read">
      {/* keyed by path: moving between lists starts with that list's own state */}
      {screen ? <AccountListRoute key={pathname} screen={screen} /> : null}
    </Guarded>
  );
}

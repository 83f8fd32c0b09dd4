import { findMenuEntry } from '@bankmanager/contracts/menu';
import { menuPermission } from '@bankmanager/contracts/permissions';
import { useLocation } from 'react-router';
import { NotFoundRoute } from '@/features/errors/not-found-route';
import { ModulePage } from '@/features/menu';
import { Guarded } from './guarded';

/** A menu path without its own screen opens its module page (activated staff only); anything else is a 404. */
export default function CatchAllRoute() {
  const { pathname } = useLocation();
  if (!findMenuEntry(pathname)) return <NotFoundRoute />;
  return (
    <Guarded requiresActivation permission={menuPermission(pathname)}>
      <ModulePage path={pathname} />
    </Guarded>
  );
}

import { createContext, useContext } from 'react';
import type { Permission } from '@bankmanager/contracts/permissions';
import type { MePermissions } from '@bankmanager/contracts/roles';

export interface PermissionsValue {
  /** What `/api/me/permissions` answered; null until it has (or while signed out / pending). */
  me: MePermissions | null;
  /** Whether the caller may use `p` (superusers may use anything). False until loaded. */
  can: (p: Permission | undefined) => boolean;
  /** Asks the server again (after a role change). */
  reload: () => void;
}

export const PermissionsContext = createContext<PermissionsValue>({
  me: null,
  can: () => false,
  reload: () => {},
});

/**
 * The caller's permissions, for the menu, the route guard and the branch selector only: the server
 * checks every route itself (ADR 0015), so nothing here is a security boundary.
 */
export const usePermissions = (): PermissionsValue => useContext(PermissionsContext);

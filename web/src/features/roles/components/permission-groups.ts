import { PERMISSION_DEFS, PERMISSIONS, type Permission } from '@bankmanager/contracts';
import { MENU } from '@bankmanager/contracts/menu';

/** Permissions grouped by the menu area they belong to, in menu order (the roles screen's sections). */
export const PERMISSION_GROUPS: { area: string; name: string; permissions: Permission[] }[] = MENU.map(
  (m) => ({
    area: m.path,
    name: m.name,
    permissions: PERMISSIONS.filter((p) => PERMISSION_DEFS[p].area === m.path),
  }),
).filter((g) => g.permissions.length > 0);

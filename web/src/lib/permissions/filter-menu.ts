import type { MenuItem } from '@bankmanager/contracts/menu';

/**
 * The menu as the user may use it (ADR: entries without permission are hidden, not disabled): an
 * entry stays when the user holds its permission, and a parent with no entry left is dropped.
 */
export function filterMenu(items: MenuItem[], can: (p: MenuItem['permission']) => boolean): MenuItem[] {
  return items.flatMap((item) => {
    if (!can(item.permission)) return [];
    if (!item.subMenus) return [item];
    const subMenus = filterMenu(item.subMenus, can);
    return subMenus.length ? [{ ...item, subMenus }] : [];
  });
}

import type { MenuItem } from '@bankmanager/contracts/menu';

/**
 * The menu as the user may use it (ADR: entries without permission are hidden, not disabled): an
 * entry stays when the user holds its permission, and a parent stays while one of its entries does,
 * whatever the parent's own area default (a teller holds teller.cash but not journal.post, the
 * Transactions area's default, and still reaches Teller Home). A parent with no entry left is dropped.
 */
export function filterMenu(items: MenuItem[], can: (p: MenuItem['permission']) => boolean): MenuItem[] {
  return items.flatMap((item) => {
    if (!item.subMenus) return can(item.permission) ? [item] : [];
    const subMenus = filterMenu(item.subMenus, can);
    return subMenus.length ? [{ ...item, subMenus }] : [];
  });
}

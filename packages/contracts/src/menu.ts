import { MENU_ROWS, type MenuRow } from './menu-tree.ts';
import { menuPermission, type Permission } from './permissions.ts';

/** A menu entry (docs/product.md §3 "Menu item"). */
export interface MenuItem {
  /** 4-digit zero-padded, unique across the tree. */
  code: string;
  name: string;
  path: string;
  description: string;
  /** The permission needed to use the entry (ADR 0015); the menu hides entries the user lacks it for. */
  permission?: Permission;
  subMenus?: MenuItem[];
}

export const MENU_CODE_LENGTH = 4;

/** Zero-pads a menu number to 4 digits (docs/product.md §2). */
export function padMenuCode(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 9999) throw new RangeError(`Menu code out of range: ${n}`);
  return String(n).padStart(MENU_CODE_LENGTH, '0');
}

/** Numbers the rows depth-first in tree order (1, 2, …) so codes are deterministic and unique. */
export function buildMenu(rows: readonly MenuRow[]): MenuItem[] {
  let next = 1;
  const walk = (list: readonly MenuRow[], parentPath: string): MenuItem[] =>
    list.map(([name, segment, description, children]) => {
      const path = segment.startsWith('/') ? segment : `${parentPath}/${segment}`;
      const item: MenuItem = { code: padMenuCode(next++), name, path, description };
      const permission = menuPermission(path);
      if (permission) item.permission = permission;
      if (children?.length) item.subMenus = walk(children, path);
      return item;
    });
  return walk(rows, '');
}

export const MENU: MenuItem[] = buildMenu(MENU_ROWS);

/** Every entry with its ancestors (top first), in tree order. */
export function flattenMenu(
  items: MenuItem[] = MENU,
  trail: MenuItem[] = [],
): { item: MenuItem; trail: MenuItem[] }[] {
  return items.flatMap((item) => [{ item, trail }, ...flattenMenu(item.subMenus ?? [], [...trail, item])]);
}

const BY_PATH = new Map(flattenMenu().map((e) => [e.item.path, e]));

/** The entry at a path and its ancestors, for module pages and breadcrumbs. */
export function findMenuEntry(path: string): { item: MenuItem; trail: MenuItem[] } | undefined {
  return BY_PATH.get(path.replace(/\/+$/, '') || '/');
}

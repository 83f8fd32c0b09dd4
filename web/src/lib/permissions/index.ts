// The caller's permissions (ADR 0015), shared by the app shell, the menu and the branch selector.
export { PermissionsProvider } from './permissions-provider';
export { usePermissions, type PermissionsValue } from './permissions-context';
export { filterMenu } from './filter-menu';

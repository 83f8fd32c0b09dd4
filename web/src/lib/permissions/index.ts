// The caller's permissions (issue 15), shared by the app shell, the menu and the branch selector.
export { PermissionsProvider } from './permissions-provider';
export { usePermissions, type PermissionsValue } from './permissions-context';
export { filterMenu } from './filter-menu';

import { PERMISSION_DEFS, type Permission } from '@bankmanager/contracts/permission-defs';
import { PERMISSION_TEXT } from '@bankmanager/contracts/permissions';
import { SuperusersOnly } from './superusers-only';

/**
 * What a member of staff without the screen's permission sees: the page's heading and the permission
 * that would open it, by its label. Its own chunk (loaded only on a refusal): the labels of every
 * permission would otherwise ride in the first visit's script, which has a wire budget.
 */
export default function NoPermission({ title, permission }: { title?: string; permission: Permission }) {
  return (
    <SuperusersOnly
      title={title}
      message={PERMISSION_TEXT.noAccessPage}
      detail={PERMISSION_TEXT.needsPermission(PERMISSION_DEFS[permission].label)}
    />
  );
}

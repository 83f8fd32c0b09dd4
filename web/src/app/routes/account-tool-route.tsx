import { useLocation } from 'react-router';
import type { Permission } from '@bankmanager/contracts/permissions';
import { paths } from '@/config/paths';
import { AccountToolRoute, type AccountTool } from '@/features/deposit-accounts';
import { Guarded } from './guarded';

/** Account control, Block Amount and Overdraft Limits: find one account and act on it. */
export default function AccountToolPage() {
  const { pathname } = useLocation();
  const tool: AccountTool =
    pathname === paths.blockAmount ? 'holds' : pathname === paths.overdraftLimits ? 'overdraft' : 'control';
  // Blocks and holds need accounts.block; asking for an overdraft is an account officer's (accounts.open).
  const permission: Permission = tool === 'overdraft' ? 'accounts.open' : 'accounts.block';
  return (
    <Guarded requiresActivation permission={permission}>
      <AccountToolRoute key={pathname} tool={tool} />
    </Guarded>
  );
}

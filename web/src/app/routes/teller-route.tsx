import { useLocation } from 'react-router';
import type { Permission } from '@bankmanager/contracts/permissions';
import { paths, proofScreenOf } from '@/config/paths';
import {
  BranchTillsRoute,
  CtrFlagsRoute,
  ProofRoute,
  TellerHomeRoute,
  TillRegisterRoute,
} from '@/features/teller';
import { Guarded } from './guarded';

/** The teller's screens share one lazy chunk: the counter, the branch's tills, the CTR list, proof. */
export default function TellerPage() {
  const { pathname } = useLocation();
  const [permission, screen]: [Permission, React.ReactNode] =
    pathname === paths.tellerHome
      ? ['teller.cash', <TellerHomeRoute />]
      : pathname === paths.branchTills
        ? ['teller.vault', <BranchTillsRoute />]
        : pathname === paths.ctrFlags
          ? ['reports.read', <CtrFlagsRoute />]
          : pathname === paths.tillRegister
            ? ['teller.vault', <TillRegisterRoute />]
            : ['teller.vault', <ProofRoute key={pathname} screen={proofScreenOf(pathname)} />];
  return (
    <Guarded requiresActivation permission={permission}>
      {screen}
    </Guarded>
  );
}

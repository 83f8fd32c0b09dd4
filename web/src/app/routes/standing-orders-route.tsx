import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { StandingOrdersOptionsRoute, StandingOrdersRegisterRoute } from '@/features/standing-orders';
import { Guarded } from './guarded';

/** Register and Options share one lazy chunk; Options needs the run permission. */
export default function StandingOrdersPage() {
  const options = useLocation().pathname === paths.standingOrdersOptions;
  return (
    <Guarded requiresActivation permission={options ? 'standing_orders.run' : 'standing_orders.manage'}>
      {options ? <StandingOrdersOptionsRoute /> : <StandingOrdersRegisterRoute />}
    </Guarded>
  );
}

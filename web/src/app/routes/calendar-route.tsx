import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { AccountingPeriodsRoute, SpecialDatesRoute } from '@/features/calendar';
import { Guarded } from './guarded';

/** Special dates and accounting periods (System → Messages) share one lazy chunk. */
export default function CalendarPage() {
  const Screen =
    useLocation().pathname === paths.accountingPeriods ? AccountingPeriodsRoute : SpecialDatesRoute;
  return (
    <Guarded requiresActivation permission="eod.run">
      <Screen />
    </Guarded>
  );
}

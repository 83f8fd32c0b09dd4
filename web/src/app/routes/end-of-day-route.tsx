import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { EodReportsRoute, PeriodEndRoute, ProcessesRoute } from '@/features/eod';
import { Guarded } from './guarded';

/** The three end-of-day screens share one lazy chunk. */
export default function EndOfDayPage() {
  const path = useLocation().pathname;
  const Screen =
    path === paths.eodProcesses
      ? ProcessesRoute
      : path === paths.eodReports
        ? EodReportsRoute
        : PeriodEndRoute;
  return (
    <Guarded requiresActivation permission={path === paths.eodReports ? 'reports.read' : 'eod.run'}>
      <Screen />
    </Guarded>
  );
}

import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { AnalyticsPlaceholder } from '@/features/dashboard';
import { Guarded } from './guarded';

const TITLES: Record<string, string> = {
  [paths.analytics.financialOverview]: 'Financial Overview',
  [paths.analytics.customerInsights]: 'Customer Insights',
  [paths.analytics.loanPerformance]: 'Loan Performance',
  [paths.analytics.complianceStatus]: 'Compliance Status',
};

export default function AnalyticsRoute() {
  const { pathname } = useLocation();
  return (
    <Guarded requiresActivation>
      <AnalyticsPlaceholder title={TITLES[pathname.replace(/\/+$/, '')] ?? 'Dashboard'} />
    </Guarded>
  );
}

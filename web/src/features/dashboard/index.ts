export { ActivatedDashboard } from './components/activated-dashboard';
export { PendingDashboard } from './components/pending-dashboard';
export { DashboardLoading } from './components/dashboard-loading';
export { AnalyticsPlaceholder } from './components/analytics-placeholder';

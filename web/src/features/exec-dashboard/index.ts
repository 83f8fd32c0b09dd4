export { ExecutiveDashboardRoute } from './routes/executive-dashboard-route';

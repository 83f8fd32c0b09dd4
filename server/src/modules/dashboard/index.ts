/** The dashboard module's only door. */
export { dashboardRoutes } from './routes.ts';

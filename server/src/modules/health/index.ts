/** The health module's only door. */
export { healthRoutes } from './routes.ts';

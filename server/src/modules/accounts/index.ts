/** The accounts module's only door: account enquiry, history and statements, and posting over HTTP. */
export { accountRoutes } from './routes.ts';
export { postingRoutes } from './posting-routes.ts';

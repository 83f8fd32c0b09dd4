/** The mobile-banking module's only door: registered users and subscriptions. */
export { mobileBankingRoutes } from './routes.ts';

/** The admin module's only door: `/api/admin` (the audit trail here, staff administration from staff/). */
export { adminRoutes } from './routes.ts';

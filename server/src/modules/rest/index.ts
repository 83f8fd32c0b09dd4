/** The rest module's only door: the PostgREST-compatible table API (/rest/v1). */
export { profilesRestRoutes } from './profiles-routes.ts';

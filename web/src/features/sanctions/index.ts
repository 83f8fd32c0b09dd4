// The sanctions feature: Compliance → Sanctions Lists (imports, upload) and Sanctions Hits (the queue).
export { SanctionsListsRoute } from './routes/sanctions-lists-route';
export { SanctionsHitsRoute } from './routes/sanctions-hits-route';

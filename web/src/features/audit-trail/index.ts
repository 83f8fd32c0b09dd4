export { AuditTrailRoute } from './routes/audit-trail-route';

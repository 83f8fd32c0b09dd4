export { BusinessDateBadge } from './business-date-badge';

export { BusinessDateBadge } from './business-date-badge';
export { businessDateQueryOptions, useBusinessDate } from './api/get-business-date';

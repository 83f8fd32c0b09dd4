// Live updates over /realtime/v1 (the stock supabase-js realtime client), shared by every layer.
export { watchStaffStatus } from './staff-status';
export { watchTable, type TableWatch } from './table-changes';

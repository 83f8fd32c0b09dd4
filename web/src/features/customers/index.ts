// The customers feature: lists, creation, the 360 page and the Customer menu's tools.
export { CustomerListRoute } from './routes/customer-list-route';
export { CustomerCreateRoute } from './routes/customer-create-route';
export { Customer360Route } from './routes/customer-360-route';
export { CustomerContactRoute } from './routes/contact-route';
export { CustomerProfilingRoute } from './routes/profiling-route';
export { CustomerSignaturesRoute } from './routes/signatures-route';
export { CustomerAdminRoute } from './routes/admin-route';
export { CustomerReportsRoute } from './routes/reports-route';
export { KIND_ROUTE_LIST, type KindRoute } from './lib/kinds';

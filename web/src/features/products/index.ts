// The products feature: deposit product definition, pricing side by side, and the report.
export { ProductDefinitionRoute } from './routes/definition-route';
export { ProductPricingRoute } from './routes/pricing-route';
export { ProductReportsRoute } from './routes/reports-route';

// The aml feature: Compliance → Alerts, Cases (list and case file) and Monitoring Rules (aml.* holders only).
export { AmlAlertsRoute } from './routes/aml-alerts-route';
export { AmlCasesRoute } from './routes/aml-cases-route';
export { AmlRulesRoute } from './routes/aml-rules-route';

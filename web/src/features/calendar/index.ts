export { SpecialDatesRoute } from './routes/special-dates-route';
export { AccountingPeriodsRoute } from './routes/accounting-periods-route';

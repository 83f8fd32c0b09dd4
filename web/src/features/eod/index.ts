export { PeriodEndRoute } from './routes/period-end-route';
export { ProcessesRoute } from './routes/processes-route';
export { EodReportsRoute } from './routes/reports-route';

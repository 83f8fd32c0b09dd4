export { BuiltReportsRoute } from './routes/built-reports-route';
export { ReportSchedulesRoute } from './routes/report-schedules-route';

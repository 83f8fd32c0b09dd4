export { SalaryImportRoute } from './routes/salary-import-route';

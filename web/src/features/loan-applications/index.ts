export { LoanApplicationsRoute } from './routes/loan-applications-route';

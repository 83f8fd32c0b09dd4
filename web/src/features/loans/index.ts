export { LoanManagerRoute } from './routes/loan-manager-route';
export { ClosedLoansRoute } from './routes/closed-loans-route';

// The loan-products feature: Loan Administration (the list, a product's versions, create and change).
export { LoanAdministrationRoute } from './routes/loan-admin-route';

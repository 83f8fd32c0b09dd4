export { LoanSimulationRoute } from './routes/loan-simulation-route';

export { StandingOrdersRegisterRoute } from './routes/register-route';
export { StandingOrdersOptionsRoute } from './routes/options-route';

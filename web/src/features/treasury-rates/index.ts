export { ExchangeRatesRoute } from './routes/exchange-rates-route';

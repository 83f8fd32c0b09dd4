export { RegulatoryReturnsRoute } from './routes/regulatory-returns-route';

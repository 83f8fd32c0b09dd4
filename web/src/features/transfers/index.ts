export { TransferRoute } from './routes/transfer-route';

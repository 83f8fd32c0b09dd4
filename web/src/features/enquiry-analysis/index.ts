export { SnapshotRoute } from './routes/snapshot-route';
export { DepositBorrowingRoute } from './routes/deposit-borrowing-route';

export { SnapshotRoute } from './routes/snapshot-route';
export { DepositBorrowingRoute } from './routes/deposit-borrowing-route';
export { BranchStatisticsRoute } from './routes/branch-statistics-route';

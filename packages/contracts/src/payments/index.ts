export * from './fx-rates.ts';
export * from './transfers.ts';
export * from './messages.ts';
export * from './salary-csv.ts';
export * from './salary.ts';
export * from './standing-orders.ts';

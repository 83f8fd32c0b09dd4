// Every table of the app, one file per feature. drizzle-kit reads this file to generate migrations.
export * from './system.ts';
export * from './audit.ts';
export * from './banking.ts';
export * from './dashboard-content.ts';
export * from './auth.ts';
export * from './storage.ts';
export * from './roles.ts';
export * from './ledger.ts';
export * from './customers.ts';
export * from './eod.ts';
export * from './payments.ts';
export * from './teller.ts';
export * from './lending.ts';
export * from './sanctions.ts';
export * from './loan-applications.ts';
export * from './regulatory-returns.ts';
export * from './reporting.ts';

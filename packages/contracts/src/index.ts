export * from './errors.ts';
export * from './health.ts';
export * from './public-config.ts';
export * from './banking.ts';
export * from './dashboard.ts';

export * from './account-number.ts';
export * from './lifecycle.ts';
export * from './products.ts';
export * from './accounts-api.ts';
export * from './messages.ts';

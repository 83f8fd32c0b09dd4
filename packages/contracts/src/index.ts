export * from './errors.ts';
export * from './health.ts';
export * from './public-config.ts';
export * from './phone.ts';
export * from './format.ts';
export * from './registered-users.ts';
export * from './accounts.ts';

export * from './errors.ts';
export * from './health.ts';
export * from './public-config.ts';
export * from './auth.ts';

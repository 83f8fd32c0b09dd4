export * from './ctr.ts';
export * from './str.ts';

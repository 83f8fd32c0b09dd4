export * from './ctr.ts';
export * from './str.ts';
export * from './str-prefill.ts';

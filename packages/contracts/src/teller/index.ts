export * from './amount-words.ts';
export * from './denominations.ts';
export * from './messages.ts';
export * from './sessions-api.ts';
export * from './cash-api.ts';
export * from './proof-api.ts';
export * from './tills-api.ts';

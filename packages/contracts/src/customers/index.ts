export * from './reference-data.ts';
export * from './messages.ts';
export * from './record.ts';
export * from './lifecycle.ts';
export * from './risk.ts';
export * from './api.ts';
export * from './record-display.ts';

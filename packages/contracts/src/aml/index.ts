export * from './rules.ts';
export * from './defaults.ts';
export * from './cases.ts';
export * from './attachments.ts';

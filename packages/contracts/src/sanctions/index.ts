export * from './sanctions.ts';

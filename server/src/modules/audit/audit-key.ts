// The key lives in db/ because the db-level audit writer (used by the seed too) needs it.
export * from '../../db/audit-key.ts';

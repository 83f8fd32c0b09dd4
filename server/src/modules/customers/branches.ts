import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { fieldError } from './validation.ts';

/** 400 on the `branch` field unless the branch exists (the foreign key would otherwise be a 500). */
export async function checkBranchExists(db: Database, code: string, path = '/branch'): Promise<void> {
  const rows = await queryRows<{ code: string }>(db, sql`select code from branches where code = ${code}`);
  if (rows.length === 0) throw fieldError(path, 'No branch with this code');
}

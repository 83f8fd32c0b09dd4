import { sql } from 'drizzle-orm';
import type { App } from '../../src/app.ts';

/**
 * Gives a member of staff exactly these seeded roles (by key) and a home branch, as an approved
 * four-eyes request would; tests of other rules use it to set the scene.
 */
export async function setRoles(app: App, userId: string, keys: string[], homeBranch: string | null = null) {
  await app.db.execute(sql`delete from staff_roles where user_id = ${userId}`);
  for (const key of keys)
    await app.db.execute(
      sql`insert into staff_roles (user_id, role_id) select ${userId}, id from roles where key = ${key}`,
    );
  await app.db.execute(sql`update staff set home_branch = ${homeBranch} where user_id = ${userId}`);
}

import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { superuserExists } from './activation-repository.ts';

/**
 * Without demo data, the first user to ask becomes superuser (the product's rule, docs/product.md §6).
 * BOOTSTRAP_SUPERUSER_EMAIL narrows that to one address, so a stranger who finds a fresh
 * installation first cannot take it over.
 */
export function mayBecomeFirstSuperuser(config: Config, email: string | null | undefined): boolean {
  const wanted = config.bootstrapSuperuserEmail;
  return wanted === undefined || (email ?? '').toLowerCase() === wanted;
}

/** The start-up warning while anyone may still become the first superuser; undefined when none is due. */
export async function bootstrapWarning(db: Database, config: Config): Promise<string | undefined> {
  if (config.bootstrapSuperuserEmail !== undefined || (await superuserExists(db))) return undefined;
  return (
    'No superuser exists yet: the first person to sign up and open the app becomes superuser. ' +
    'Set BOOTSTRAP_SUPERUSER_EMAIL to the address that should, before exposing this server.'
  );
}

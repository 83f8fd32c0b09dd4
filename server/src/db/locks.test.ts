import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from './locks.ts';
import { MIGRATIONS_DIR } from './migrate.ts';

describe('advisory lock keys', () => {
  it('are all different', () => {
    const keys = Object.values(ADVISORY_LOCKS);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('include the key the audit chain trigger takes (hard-coded in its migration)', () => {
    const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, '0036_audit_chain_stripes.sql'), 'utf8');
    expect(sql).toContain(`pg_advisory_xact_lock(${ADVISORY_LOCKS.auditChain}, stripe)`);
  });
});

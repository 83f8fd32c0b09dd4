// npm run audit:verify: recomputes the audit hash chain of the configured database (DATABASE_URL, or
// PGlite under DATA_DIR — whose lock means the server must not be running on it).
// Exit code 0 when the chain is intact, 1 when it is broken (the first broken row is printed), 2 on error.
// Checks the keyed chain (AUDIT_HMAC_KEY or DATA_DIR/audit-hmac.key) and the signed checkpoint
// (AUDIT_CHECKPOINT_FILE or DATA_DIR/audit-checkpoint.json), decision 0013.
import { sql } from 'drizzle-orm';
import { openForCli } from '../../../db/cli/open-for-cli.ts';
import { queryRows } from '../../../db/rows.ts';
import { verifyAuditChain } from '../verify-chain.ts';
import { resolveAuditKey } from '../audit-key.ts';
import { loadConfig } from '../../../config.ts';

async function main(): Promise<number> {
  const config = loadConfig();
  const key = resolveAuditKey(config);
  const handle = await openForCli();
  try {
    const checkpointFile = config.audit.checkpointFile;
    const result = await verifyAuditChain(handle.db, { key, checkpointFile });
    if (result.ok) {
      const against = result.checkpoint
        ? `; the checkpoint of ${result.checkpoint.writtenAt} (head row ${result.checkpoint.headId}) matches`
        : `; no checkpoint to compare with${checkpointFile ? ` (${checkpointFile} missing)` : ''}`;
      console.log(`Audit chain intact: ${result.rows} rows verified${against}.`);
      return 0;
    }
    console.error(`Audit chain BROKEN: ${result.problem ?? 'a row does not match its hash'}`);
    const [row] = await queryRows(
      handle.db,
      sql`select id, occurred_at, actor_email, action, target_type, target_id, outcome, prev_hash, hash
          from audit_log where id = ${result.firstBrokenId}`,
    );
    console.error(`Audit chain BROKEN at row ${result.firstBrokenId} (of ${result.rows} rows):`);
    console.error(JSON.stringify(row, null, 2));
    return 1;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  },
);

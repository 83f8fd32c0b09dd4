import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { resolveAuditKey, setAuditKey } from './audit-key.ts';
import { writeCheckpoint } from './checkpoint.ts';

/**
 * Sets the process's audit key and checkpoints the chain head (decision 0013): every
 * `checkpointIntervalMs` (a minute) and once more at shutdown, while the database is still open.
 */
export function registerAuditChain(app: FastifyInstance, config: Config): void {
  const key = resolveAuditKey(config);
  setAuditKey(key);
  const file = config.audit.checkpointFile;
  if (!file) return;
  const checkpoint = async () => {
    try {
      await writeCheckpoint(app.db, file, key, (message) => app.log.warn(message));
    } catch (err) {
      // A failed checkpoint must not take requests down; the next one retries.
      app.log.warn({ err }, 'audit checkpoint failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await checkpoint();
    timer = setInterval(() => void checkpoint(), config.audit.checkpointIntervalMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await checkpoint();
  });
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { bucketRoutes } from './bucket-routes.ts';
import type { ContentStore } from './content-store.ts';
import { DEFAULT_MAX_FILE_BYTES, type StorageContext } from './context.ts';
import { registerStorageErrorHandler } from './errors.ts';
import { FilesystemContentStore } from './filesystem-store.ts';
import { downloadRoutes, uploadRoutes } from './object-routes.ts';
import { objectOpsRoutes } from './object-ops-routes.ts';
import { referencedDigests } from './objects-repository.ts';
import { identifyCaller } from './policies.ts';
import { decorateInternalStorage } from './internal.ts';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

export interface StorageOptions {
  /** A content store other than the filesystem driver under `config.storageDir` (tests, a future S3 driver). */
  store?: ContentStore;
  maxFileBytes?: number;
}

/**
 * Serves `/storage/v1`, the Supabase Storage protocol subset of docs/storage-protocol.md, in its own
 * encapsulated plugin (its error shape and body parsing are its own). Sweeps orphaned bytes at start-up
 * and hourly. With PostgreSQL, other servers may be mid-upload on the same STORAGE_DIR, so only
 * orphans older than 15 minutes go; the embedded database allows one server, so all of them go.
 */
export async function registerStorage(app: FastifyInstance, options: StorageOptions = {}): Promise<void> {
  let root = app.config.storageDir;
  let temporary = false;
  if (!options.store && !root) {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'bankmanager-storage-'));
    temporary = true;
  }
  const store = options.store ?? new FilesystemContentStore(root!);
  const ctx: StorageContext = { store, maxFileBytes: options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES };
  decorateInternalStorage(app, ctx);
  const graceMs = app.dbHandle.driver === 'pglite' ? 0 : 15 * 60 * 1000;

  const sweep = async () => {
    try {
      const r = await store.sweep((digests) => referencedDigests(app.db, digests), graceMs);
      if (r.blobsRemoved + r.tempFilesRemoved > 0) app.log.info(r, 'storage: orphaned bytes removed');
    } catch (err) {
      app.log.warn({ err }, 'storage: the sweep of orphaned bytes failed; it runs again later');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(() => void sweep(), SWEEP_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await store.close?.();
    if (temporary) fs.rmSync(root!, { recursive: true, force: true });
  });

  await app.register(
    async (storage) => {
      registerStorageErrorHandler(storage);
      storage.addHook('preValidation', identifyCaller);
      await storage.register(bucketRoutes);
      await storage.register(objectOpsRoutes);
      await storage.register(downloadRoutes(ctx));
      await storage.register(uploadRoutes(ctx));
    },
    { prefix: '/storage/v1' },
  );
}

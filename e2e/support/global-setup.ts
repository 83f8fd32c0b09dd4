import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { spawnServer, type RunningServer } from '../../server/src/test/spawn-server.ts';
import { ROOT_DIR } from '../../server/src/config.ts';
import { chromiumPath } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

/**
 * Starts the built app the way a user does (server.ts on a free port, a throwaway DATA_DIR with demo
 * data) once for the whole e2e run, and stops it afterwards.
 */
export default async function setup(project: TestProject) {
  chromiumPath(); // fail fast, with the install command, before starting anything
  if (!fs.existsSync(path.join(ROOT_DIR, 'web/dist/index.html'))) {
    throw new Error('web/dist is missing: run `npm run build` first (npm run test:e2e does).');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-e2e-'));
  let server: RunningServer | undefined;
  try {
    server = await spawnServer({ DATA_DIR: dataDir, DEMO_DATA: 'true', IDLE_TIMEOUT_MINUTES: '15' });
  } catch (e) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  project.provide('baseURL', server.url);
  project.provide('dataDir', dataDir);
  return async () => {
    server.proc.kill('SIGTERM');
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../config.ts';

/** The product version, from the root package.json. */
export const APP_VERSION: string =
  (JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as { version?: string })
    .version ?? '0.0.0';

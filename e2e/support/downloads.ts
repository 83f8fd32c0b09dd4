import fs from 'node:fs';
import type { Download } from 'playwright-core';

/**
 * The bytes of a finished download, read from the file Playwright keeps for it and deletes with the
 * page's context: a spec that saved each download into its own temp directory left one behind per run.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  return fs.readFileSync(await download.path());
}

export const downloadedText = async (download: Download): Promise<string> =>
  (await downloadedBytes(download)).toString('utf8');

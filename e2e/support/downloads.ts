import fs from 'node:fs';
import type { Download, Page } from 'playwright-core';

/**
 * The bytes of a finished download, read from the file Playwright keeps for it and deletes with the
 * page's context: a spec that saved each download into its own temp directory left one behind per run.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  return fs.readFileSync(await download.path());
}

export const downloadedText = async (download: Download): Promise<string> =>
  (await downloadedBytes(download)).toString('utf8');

/**
 * The download that `click` starts. The screens fetch a file and then hand it to the browser, so a
 * failed fetch shows a "Download failed" toast and no download ever comes: that toast's text is the
 * error, at once, rather than a bare timeout. A minute, not Playwright's 30 s: on a loaded machine the
 * worker's embedded server may still be busy with an earlier journey's work.
 */
export async function downloadAfter(page: Page, click: () => Promise<unknown>): Promise<Download> {
  const failed = page.getByText('Download failed');
  const toast = failed.waitFor({ timeout: 60_000 }).then(
    async () => {
      throw new Error(`the download failed: ${await failed.locator('..').innerText()}`);
    },
    () => new Promise<never>(() => undefined), // no toast: the download (or its timeout) decides
  );
  const [download] = await Promise.all([
    Promise.race([page.waitForEvent('download', { timeout: 60_000 }), toast]),
    click(),
  ]);
  return download;
}

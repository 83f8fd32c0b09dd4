import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { signInAsDemo, storedAccessToken } from '../support/auth.ts';
import { seriousViolations } from '../support/axe.ts';

// A 1×1 transparent PNG.
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/**
 * A bucket of the e2e's own, readable and writable with storage.manage: the seeded customer buckets
 * are retired (only the service role reaches them), so the library is shown on this one.
 */
const BUCKET = 'library-e2e';

/** Calls /storage/v1 from the page, as the signed-in (superuser) demo account. */
async function storageCall(
  page: Page,
  path: string,
  init: { json?: unknown; png?: boolean },
): Promise<number> {
  const token = await storedAccessToken(page);
  return page.evaluate(
    async ({ path, json, png, token }) => {
      const meta = document.querySelector<HTMLMetaElement>('meta[name="bankmanager-config"]')?.content;
      const anonKey = (JSON.parse(meta ?? '{}') as { anonKey?: string }).anonKey ?? '';
      const headers: Record<string, string> = {
        apikey: anonKey,
        authorization: `Bearer ${token}`,
      };
      let body: BodyInit;
      if (png) {
        headers['x-upsert'] = 'true';
        body = new Blob([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], { type: 'image/png' });
      } else {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(json);
      }
      const res = await fetch(`/storage/v1/${path}`, { method: 'POST', headers, body });
      return res.status;
    },
    { path, json: init.json, png: init.png ? PNG_BASE64 : undefined, token },
  );
}

/** Creates the e2e's bucket (already there from an earlier run is fine), then uploads a PNG to `path`. */
async function upload(page: Page, path: string): Promise<number> {
  const created = await storageCall(page, 'bucket', {
    json: {
      id: BUCKET,
      public: false,
      read_permission: 'storage.manage',
      write_permission: 'storage.manage',
      delete_permission: 'storage.manage',
    },
  });
  if (created !== 200 && created !== 409) return created;
  return storageCall(page, `object/${path}`, { png: true });
}

describe('Object Library', () => {
  const browser = useBrowser();

  it('lists a bucket by keyboard, opens a folder, previews and deletes an object; axe clean', async () => {
    const page = await browser.newPage();
    await signInAsDemo(page);
    expect(await upload(page, `${BUCKET}/e2e/scan.png`)).toBe(200);
    await page.goto('/system/batch-control/object-library');
    await page.getByRole('heading', { name: 'Object Library' }).waitFor();
    await page.getByLabel('Bucket').selectOption(BUCKET);
    const folder = page.getByRole('button', { name: 'e2e/' });
    await folder.focus();
    await page.keyboard.press('Enter');
    const table = page.getByRole('table', { name: `Objects in ${BUCKET}/e2e/` });
    await table.getByRole('cell', { name: 'scan.png', exact: true }).waitFor();
    await expect(table.getByRole('cell', { name: 'image/png', exact: true }).count()).resolves.toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Preview scan.png' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('img', { name: 'Preview of e2e/scan.png' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Delete scan.png' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('This folder is empty.').waitFor();
  });
});

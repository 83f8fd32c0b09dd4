import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { downloadedText, downloadAfter } from '../support/downloads.ts';
import { signInAsDemo } from '../support/auth.ts';

// A closed business day no other journey files: a filing is never made twice for one day.
const DAY = '2020-01-15';

describe('CTR filing', () => {
  const browser = useBrowser();

  it('prepares the filing of a closed day from the CTR screen and downloads its goAML XML', async () => {
    const page = await browser.newPage();
    await signInAsDemo(page, '/reports/ctr');
    await page.getByRole('heading', { name: 'Cash Transaction Reports' }).waitFor();
    await page.getByLabel('Business day').fill(DAY);
    await page.getByRole('button', { name: 'Prepare filing' }).click();
    await page.getByText(`CTR-${DAY}`).waitFor();
    const download = await downloadAfter(page, () =>
      page.getByRole('button', { name: 'Download goAML XML' }).click(),
    );
    expect(download.suggestedFilename()).toBe(`ctr-${DAY}.xml`);
    const xml = await downloadedText(download);
    expect(xml).toContain('<report_code>CTR</report_code>');
    expect(xml).toContain(`<entity_reference>CTR-${DAY}</entity_reference>`);
    // The filing is listed under Compliance → CTR Filings.
    await page.goto('/compliance/ctr-filings');
    await page.getByRole('cell', { name: `CTR-${DAY}`, exact: true }).waitFor();
  }, 240_000);
});

import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { signInAsDemo } from '../support/auth.ts';

/**
 * The header's branch selector changes what the branch-aware lists show, says so, and
 * survives a reload.
 */
describe('branch selector', () => {
  const browser = useBrowser();

  it('filters the customer list to the chosen branch, and keeps the choice after a reload', async () => {
    const page = await browser.newPage();
    await signInAsDemo(page, '/customers/private');
    const table = page.getByRole('table', { name: 'Private Customers' });
    await table.locator('tbody tr').first().waitFor();
    // The Branch column's cells, wherever the column sits.
    const branchCells = () =>
      table.evaluate((t) => {
        const col = [...t.querySelectorAll('thead th')].findIndex(
          (th) => th.textContent?.trim() === 'Branch',
        );
        return [...t.querySelectorAll('tbody tr')].map(
          (r) => r.querySelectorAll('td')[col]?.textContent ?? '',
        );
      });

    const select = page.getByRole('combobox', { name: 'Branch', exact: true });
    expect(await select.getAttribute('title')).toContain(
      'Filters the customer, account, registered-users and approval lists',
    );
    await select.selectOption({ label: 'Congo Cross' });
    await expect.poll(() => page.locator('#customers-branch').inputValue()).toBe('004');
    await expect
      .poll(async () => {
        const cells = await branchCells();
        return cells.length > 0 && cells.every((c) => c.includes('004'));
      })
      .toBe(true);

    await page.reload();
    await expect.poll(() => select.inputValue()).toBe('004');
    await expect.poll(() => page.locator('#customers-branch').inputValue()).toBe('004');

    await select.selectOption({ label: 'All branches' });
    await expect.poll(() => page.locator('#customers-branch').inputValue()).toBe('');
  }, 90_000);
});

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { DEMO } from '../support/auth.ts';
import { axeReport, cleanOf, overflowReport } from '../support/screens.ts';
import { call } from '../support/staff.ts';
import { headOfficeAccount, signInAs, tellerAtFreshTill } from '../support/teller.ts';

const COMPLIANCE = { email: 'compliance@bankmanager.sl', password: DEMO.password };
const ALERTS = '/compliance/alerts';
const SCREENS: [name: string, url: string, ready: (p: Page) => Promise<void>][] = [
  ['alerts', ALERTS, (p) => p.getByLabel('Customer name').waitFor()],
  ['cases', '/compliance/cases', (p) => p.getByLabel('Customer name').waitFor()],
  ['rules', '/compliance/rules', (p) => p.getByText('Structuring', { exact: true }).first().waitFor()],
  [
    'STR reports',
    '/compliance/str',
    (p) => p.getByRole('table', { name: 'Suspicious transaction reports, newest first' }).waitFor(),
  ],
  [
    'CTR filings',
    '/compliance/ctr-filings',
    (p) => p.getByRole('table', { name: 'Frozen CTR filings for the FIU, newest first' }).waitFor(),
  ],
];
// The smallest PDF the storage module's sniffing accepts as one.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/**
 * The review's case as a journey: three cash deposits of Le 29,999.99 at the teller raise a
 * structuring alert; the Compliance Officer opens the customer's case from it, investigates and
 * escalates it to the MLRO. The teller sees nothing of it.
 */
describe('AML monitoring', () => {
  const browser = useBrowser();

  it('cash deposits at the teller → alert → the Compliance Officer opens a case and escalates it', async () => {
    const { teller } = await tellerAtFreshTill(browser, '20000.00');
    const officer = await browser.newPage();
    await signInAs(officer, COMPLIANCE);
    const account = await headOfficeAccount(teller);
    for (let i = 0; i < 3; i++) {
      const r = await call(teller, 'POST', '/api/teller/deposits', {
        reference: `E2E-AML-${Date.now()}-${i}`,
        accountNumber: account,
        amount: '29999.99',
        partyName: 'Depositor In Person',
        partyIdNumber: 'SL-NIN-2999',
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(JSON.stringify(r.body)).not.toMatch(/alert|structur/i);
    }
    // The teller has no Compliance screen and no hint of one.
    await teller.goto(ALERTS);
    await teller.getByText("You don't have access to this page").waitFor();

    await officer.goto(`${ALERTS}?scenario=structuring&state=unassigned`);
    const open = officer.getByRole('button', { name: /^Open a case for / }).first();
    await open.click();
    await officer.getByRole('heading', { name: 'Case file' }).waitFor();
    await officer.getByRole('button', { name: 'Start investigation' }).click();
    await officer.getByText('Under investigation', { exact: true }).first().waitFor();
    // Evidence goes into the case file, through the private bucket only the case routes reach.
    await officer
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'statement-from-other-bank.pdf', mimeType: 'application/pdf', buffer: PDF });
    await officer.getByRole('button', { name: 'File the evidence' }).click();
    await officer.getByRole('button', { name: 'Download statement-from-other-bank.pdf' }).waitFor();
    await officer.getByLabel(/Reason/).fill('Three cash deposits just under the CTR threshold in one day');
    await officer.getByRole('button', { name: 'Escalate to the MLRO' }).click();
    await officer.getByText('Escalated to the MLRO', { exact: true }).first().waitFor();
    // An escalated case is the MLRO's: the officer is offered no step on it any more.
    expect(await officer.getByRole('button', { name: /Close/ }).count()).toBe(0);
  }, 300_000);

  for (const scheme of ['light', 'dark'] as const)
    it(`the monitoring screens are axe clean in the ${scheme} theme`, async () => {
      const page = await browser.newPage({ colorScheme: scheme, bypassCSP: true });
      await signInAs(page, COMPLIANCE);
      expect(await axeReport(page, SCREENS)).toEqual(cleanOf(SCREENS, []));
    }, 180_000);

  it('fits a 390 px phone: no monitoring screen scrolls sideways', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInAs(page, COMPLIANCE);
    expect(await overflowReport(page, SCREENS)).toEqual(cleanOf(SCREENS, 0));
  }, 120_000);
});

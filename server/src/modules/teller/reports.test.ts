import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import type { BranchDiff, CtrFlag, DailyDiff, ProofReport, TellerTransaction } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { BRANCH, cashAccount, leones, openTill, ref, tellerScene } from '../../../test/support/teller.ts';

const pdfText = async (bytes: Buffer) => (await new PDFParse({ data: bytes }).getText()).text;

/** The CTR list, proof reports and receipts over HTTP, on screen (JSON), CSV and PDF. */
describe('teller reports', () => {
  let t: TestApp;
  let scene: Awaited<ReturnType<typeof tellerScene>>;
  let deposit: TellerTransaction;
  let session: string;
  beforeAll(async () => {
    t = await createTestApp({ ctrThreshold: { SLE: '15000.00', USD: '1000.00' } });
    scene = await tellerScene(t.app);
    session = await openTill(scene, scene.teller, '40000.00', 'REP-1');
    const a = await cashAccount(t.app, { balance: '50000.00' });
    const take = async (kind: 'deposits' | 'withdrawals', amount: string) => {
      const r = await scene.call('POST', `/api/teller/${kind}`, scene.teller, {
        reference: ref(),
        accountNumber: a.number,
        amount,
        partyName: 'Fatmata Conteh',
        partyIdNumber: 'SL-77',
        signatureConfirmed: true,
      });
      if (r.statusCode !== 201) throw new Error(r.body);
      return r.json<TellerTransaction>();
    };
    deposit = await take('deposits', '15000.00'); // at the threshold: flagged
    await take('deposits', '14999.99'); // just below: not flagged
    await take('withdrawals', '2000.00');
  });
  afterAll(() => t.close());

  it('flags cash at or above CTR_THRESHOLD and lists it for compliance, paged, as CSV and as PDF', async () => {
    expect(deposit.ctrFlag).toBe(true);
    const list = await scene.call('GET', '/api/ctr-flags', scene.comp);
    expect(list.statusCode).toBe(200);
    const rows = list.json<CtrFlag[]>();
    expect(rows.map((r) => r.amount)).toEqual(['15000.00']);
    expect(rows[0]).toMatchObject({ partyName: 'Fatmata Conteh', branch: BRANCH, kind: 'deposit' });
    expect(list.headers['x-total-count']).toBe('1');
    const csv = await scene.call('GET', '/api/ctr-flags?format=csv', scene.comp);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Fatmata Conteh');
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(2);
    const pdf = await scene.call('GET', '/api/ctr-flags?format=pdf', scene.comp);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(pdf.rawPayload)).toContain('Fatmata Conteh');
    // Dates filter; a date range the wrong way round is bad input.
    const empty = await scene.call('GET', '/api/ctr-flags?from=2000-01-01&to=2000-01-31', scene.comp);
    expect(empty.json()).toEqual([]);
    expect(
      (await scene.call('GET', '/api/ctr-flags?from=2026-02-01&to=2026-01-01', scene.comp)).statusCode,
    ).toBe(400);
  });

  it('gives each teller’s day: counts, totals by type and the cash position', async () => {
    const r = await scene.call('GET', `/api/teller/proof/report?branch=${BRANCH}`, scene.sup);
    expect(r.statusCode, r.body).toBe(200);
    const row = r.json<ProofReport>().rows.find((x) => x.sessionId === session)!;
    expect(row).toMatchObject({
      tellerEmail: scene.teller.email,
      openingAllocation: '40000.00',
      deposits: { count: 2, amount: '29999.99' },
      withdrawals: { count: 1, amount: '2000.00' },
      expected: '67999.99',
    });
    const csv = await scene.call('GET', '/api/teller/proof/report?format=csv', scene.sup);
    expect(csv.body).toContain('67999.99');
    expect(csv.headers['content-disposition']).toMatch(/proof-101-\d{4}-\d{2}-\d{2}\.csv/);
    const pdf = await scene.call('GET', '/api/teller/proof/report?format=pdf', scene.sup);
    expect(await pdfText(pdf.rawPayload)).toContain('67,999.99');
  });

  it('gives the branch’s differences: per day, and teller cash against the tills', async () => {
    const s2 = await openTill(scene, scene.teller2, '500.00', 'REP-2');
    const close = await scene.call('POST', `/api/teller/sessions/${s2}/close`, scene.teller2, {
      reference: ref(),
      count: leones('490.00'),
    });
    expect(close.statusCode).toBe(202);
    const daily = await scene.call('GET', '/api/teller/proof/daily-diff', scene.sup);
    expect(daily.statusCode, daily.body).toBe(200);
    expect(daily.json<DailyDiff>().rows[0]).toMatchObject({
      currency: 'SLE',
      awaitingSignOff: 1,
      shortages: '10.00',
      overages: '0.00',
      net: '-10.00',
    });
    const branch = await scene.call('GET', '/api/teller/proof/branch-diff', scene.sup);
    expect(branch.statusCode, branch.body).toBe(200);
    const b = branch.json<BranchDiff>();
    expect(b.live).toBe(true);
    const sle = b.rows.find((r) => r.branch === BRANCH && r.currency === 'SLE')!;
    // Both tills' cash is on teller cash, all of it attributed to a session.
    expect(sle).toMatchObject({
      openTills: 2,
      tillCash: '68499.99',
      tellerCashGl: '68499.99',
      unattributed: '0.00',
    });
    // A supervisor sees only their branch.
    expect(b.rows.every((r) => r.branch === BRANCH)).toBe(true);
    for (const format of ['csv', 'pdf']) {
      const f = await scene.call('GET', `/api/teller/proof/branch-diff?format=${format}`, scene.sup);
      expect(f.statusCode).toBe(200);
      const d = await scene.call('GET', `/api/teller/proof/daily-diff?format=${format}`, scene.sup);
      expect(d.statusCode).toBe(200);
    }
  });

  it('prints the receipt of a teller posting only', async () => {
    const r = await scene.call('GET', `/api/journal-entries/${deposit.entryId}/receipt.pdf`, scene.teller);
    const text = await pdfText(r.rawPayload);
    for (const s of ['Fifteen thousand Leones', 'Le 15,000.00', deposit.entryReference!, 'Fatmata Conteh'])
      expect(text).toContain(s);
    // Entry 1 (the central bank's cash into the vault) is no cash transaction with a customer.
    expect((await scene.call('GET', '/api/journal-entries/1/receipt.pdf', scene.teller)).statusCode).toBe(
      404,
    );
    // Another branch's teller may not print it.
    expect(
      (await scene.call('GET', `/api/journal-entries/${deposit.entryId}/receipt.pdf`, scene.away)).statusCode,
    ).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  AML_ATTACHMENT_TEXT,
  type AmlAttachment,
  type AmlCase,
  type AmlCaseFile,
} from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { amlScene } from '../../../test/support/aml.ts';
import { multipartBody } from '../../../test/support/multipart.ts';
import { cashAccount } from '../../../test/support/teller.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';
import { queryRows } from '../../db/rows.ts';

// A PDF header (the storage module sniffs the bytes, not the name) and something it must refuse.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const HTML = Buffer.from('<html><script>alert(1)</script></html>');

/** Evidence on an AML case over HTTP: file, read in the case file, download; who may, and when. */
describe('AML case evidence', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof amlScene>>;
  let caseId: string;
  const attach = (
    who: StaffUser,
    id: string,
    bytes = PDF,
    type = 'application/pdf',
    name = 'bank-statement.pdf',
  ) => {
    const m = multipartBody({}, { bytes, type, name });
    return t.app.inject({
      method: 'POST',
      url: `/api/aml/cases/${id}/attachments`,
      headers: { authorization: who.auth, ...m.headers },
      payload: m.payload,
    });
  };
  const counts = async () =>
    (
      await queryRows<{ n: number; o: number; a: number }>(
        t.app.db,
        sql`select (select count(*)::int from aml_case_attachments) as n,
                   (select count(*)::int from storage_objects where bucket_id = 'aml-evidence') as o,
                   (select count(*)::int from audit_log where action = 'aml.case_attachment') as a`,
      )
    )[0]!;

  beforeAll(async () => {
    t = await createTestApp();
    s = await amlScene(t.app);
    const acct = await cashAccount(t.app);
    for (let i = 0; i < 3; i++) expect((await s.deposit(acct.number, '29999.99')).statusCode).toBe(201);
    const alert = (await s.alerts('structuring')).find((a) => a.customerId === acct.custId)!;
    const opened = await s.call('POST', '/api/aml/cases', s.comp, { alertId: alert.id });
    expect(opened.statusCode, opened.body).toBe(201);
    caseId = opened.json<AmlCase>().id;
  });
  afterAll(() => t.close());

  it('a Compliance Officer files a PDF: listed in the case file, in its history and the audit trail', async () => {
    const res = await attach(s.comp, caseId);
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json<AmlAttachment>();
    expect(a).toMatchObject({
      caseId,
      fileName: 'bank-statement.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
      uploadedBy: s.comp.email,
    });
    const file = (await s.call('GET', `/api/aml/cases/${caseId}`, s.comp)).json<AmlCaseFile>();
    expect(file.attachments.map((x) => x.id)).toEqual([a.id]);
    expect(file.events.at(-1)).toMatchObject({ kind: 'attachment', text: 'bank-statement.pdf' });
    expect(await counts()).toEqual({ n: 1, o: 1, a: 1 });
  });

  it('downloads the bytes as an attachment named as filed, and audits the view', async () => {
    const [a] = (await s.call('GET', `/api/aml/cases/${caseId}`, s.comp)).json<AmlCaseFile>().attachments;
    const dl = await s.call('GET', `/api/aml/cases/${caseId}/attachments/${a!.id}/content`, s.mlro);
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(PDF)).toBe(true);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toMatch(/^attachment; filename="bank-statement\.pdf"/);
    expect(dl.headers['cache-control']).toBe('private, no-store');
    const [v] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from audit_log where action = 'aml.case_attachment_view'
          and target_id = ${caseId} and actor_email = ${s.mlro.email}`,
    );
    expect(v!.n).toBe(1);
    const other = '00000000-0000-4000-8000-000000000000';
    const missing = await s.call('GET', `/api/aml/cases/${caseId}/attachments/${other}/content`, s.comp);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(AML_ATTACHMENT_TEXT.notFound);
  });

  it('tipping-off: a teller and the relationship officer get 403 before any lookup; storage never serves the bucket', async () => {
    const [a] = (await s.call('GET', `/api/aml/cases/${caseId}`, s.comp)).json<AmlCaseFile>().attachments;
    const before = await counts();
    for (const who of [s.teller, s.cso]) {
      expect((await attach(who, caseId)).statusCode).toBe(403);
      const dl = await s.call('GET', `/api/aml/cases/${caseId}/attachments/${a!.id}/content`, who);
      expect(dl.statusCode).toBe(403);
      expect(dl.body).not.toContain('bank-statement');
    }
    const [row] = await queryRows<{ path: string }>(
      t.app.db,
      sql`select object_path as path from aml_case_attachments where id = ${a!.id}::uuid`,
    );
    const direct = await t.app.inject({
      method: 'GET',
      url: `/storage/v1/object/authenticated/aml-evidence/${row!.path}`,
      headers: { authorization: s.teller.auth },
    });
    expect(direct.statusCode).toBeGreaterThanOrEqual(400);
    expect(direct.rawPayload.equals(PDF)).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('refuses a file that is not a PDF or image, a bad case id, and evidence on an ended case; nothing changes', async () => {
    const before = await counts();
    const html = await attach(s.comp, caseId, HTML, 'application/pdf', 'x.pdf');
    expect(html.statusCode).toBeGreaterThanOrEqual(400);
    expect(html.statusCode).toBeLessThan(500);
    const bad = await attach(s.comp, 'not-a-case');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('/id');
    expect(await counts()).toEqual(before);

    const move = (who: StaffUser, action: string, version: number, reason?: string) =>
      s.call('POST', `/api/aml/cases/${caseId}/transitions`, who, { action, version, reason });
    const v = (await s.call('GET', `/api/aml/cases/${caseId}`, s.comp)).json<AmlCaseFile>().version;
    expect((await move(s.comp, 'investigate', v)).statusCode).toBe(200);
    expect((await move(s.comp, 'escalate', v + 1, 'Structuring')).statusCode).toBe(200);
    expect((await move(s.mlro, 'dismiss', v + 2, 'Explained by school fees')).statusCode).toBe(200);
    const late = await attach(s.comp, caseId);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(AML_ATTACHMENT_TEXT.closed);
    expect(await counts()).toEqual(before);
  });

  it('the database keeps evidence: no update, no delete', async () => {
    const refused = async (q: ReturnType<typeof sql>) => {
      const e = await t.app.db.execute(q).then(
        () => undefined,
        (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
      );
      expect(e).toMatch(/never changed or deleted/);
    };
    await refused(sql`delete from aml_case_attachments`);
    await refused(sql`update aml_case_attachments set file_name = 'renamed.pdf'`);
    expect((await counts()).n).toBe(1);
  });
});

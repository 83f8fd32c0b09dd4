import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LOAN_DOCUMENT_TEXT as D } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { borrower, loanScene, salaryLoan } from '../../../test/support/loan-applications.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';
import { queryRows } from '../../db/rows.ts';
import { multipartBody } from '../../../test/support/multipart.ts';

// A PDF header (the storage module sniffs the bytes, not the name) and something it must refuse.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const HTML = Buffer.from('<html><script>alert(1)</script></html>');

/** Documents of a loan application over HTTP: file, list, download; permission, branch, state. */
describe('loan applications: documents', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof loanScene>>;
  let id: number;
  const upload = (
    who: StaffUser,
    app: number,
    kind: string | null,
    file = PDF,
    type = 'application/pdf',
    name?: string,
  ) => {
    const m = multipartBody(kind === null ? {} : { kind }, {
      bytes: file,
      type,
      name: name ?? 'payslip-march.pdf',
    });
    return t.app.inject({
      method: 'POST',
      url: `/api/loan-applications/${app}/documents`,
      headers: { authorization: who.auth, ...m.headers },
      payload: m.payload,
    });
  };
  const count = async () =>
    (
      await queryRows<{ n: number; a: number; o: number }>(
        t.app.db,
        sql`select (select count(*)::int from loan_application_documents) as n,
                   (select count(*)::int from audit_log where action = 'loan_application.document.upload') as a,
                   (select count(*)::int from storage_objects where bucket_id = 'loan-documents') as o`,
      )
    )[0]!;
  const draft = async () => {
    const res = await s.call('POST', '/api/loan-applications', s.officer, salaryLoan(await borrower(t.app)));
    expect(res.statusCode).toBe(201);
    return res.json().application.id as number;
  };

  beforeAll(async () => {
    t = await createTestApp();
    s = await loanScene(t.app);
    id = await draft();
  });
  afterAll(() => t.close());

  it('files a payslip and an employer letter, lists them oldest first, serves the bytes; each upload audited', async () => {
    const first = await upload(s.officer, id, 'payslip');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      applicationId: id,
      kind: 'payslip',
      fileName: 'payslip-march.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
      uploadedBy: s.officer.email,
    });
    const second = await upload(s.officer, id, 'employer_letter', PDF, 'application/pdf', 'letter.pdf');
    expect(second.statusCode).toBe(201);
    const list = await s.call('GET', `/api/loan-applications/${id}/documents`, s.officer);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((d: { kind: string }) => d.kind)).toEqual(['payslip', 'employer_letter']);
    const content = await s.call(
      'GET',
      `/api/loan-applications/${id}/documents/${first.json().id}/content`,
      s.officer,
    );
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('application/pdf');
    expect(content.headers['content-disposition']).toContain('attachment; filename="payslip-march.pdf"');
    expect(content.rawPayload.equals(PDF)).toBe(true);
    const [audit] = await queryRows<{ target_id: string; details: { kind: string } }>(
      t.app.db,
      sql`select target_id, details from audit_log where action = 'loan_application.document.upload'
          and target_id = ${String(id)} order by id limit 1`,
    );
    expect(audit).toMatchObject({ target_id: String(id), details: { kind: 'payslip' } });
    // The Head of Credit reads every branch's documents.
    expect((await s.call('GET', `/api/loan-applications/${id}/documents`, s.head)).statusCode).toBe(200);
  });

  it('a bad kind, no file, or a type the bucket refuses: 4xx naming it, nothing stored', async () => {
    const before = await count();
    const bad = await upload(s.officer, id, 'passport');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ path: '/kind', message: D.kind }]);
    const none = await upload(s.officer, id, null);
    expect(none.statusCode).toBe(400);
    expect(none.json().details[0].path).toBe('/kind');
    const html = await upload(s.officer, id, 'other', HTML, 'application/pdf');
    expect(html.statusCode).toBe(415);
    const notMultipart = await s.call('POST', `/api/loan-applications/${id}/documents`, s.officer, {
      kind: 'payslip',
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(await count()).toEqual(before);
  });

  it('another branch’s officer and a reader without loans.apply are refused; unknown ids are 404', async () => {
    const before = await count();
    expect((await upload(s.awayOfficer, id, 'payslip')).statusCode).toBe(403);
    expect((await s.call('GET', `/api/loan-applications/${id}/documents`, s.awayOfficer)).statusCode).toBe(
      403,
    );
    expect((await upload(s.cso, id, 'payslip')).statusCode).toBe(403);
    expect((await s.call('GET', `/api/loan-applications/${id}/documents`, s.cso)).statusCode).toBe(403);
    expect((await upload(s.officer, 999_999, 'payslip')).statusCode).toBe(404);
    const missing = await s.call(
      'GET',
      `/api/loan-applications/${id}/documents/00000000-0000-4000-8000-000000000000/content`,
      s.officer,
    );
    expect(missing.statusCode).toBe(404);
    expect(
      (await s.call('GET', `/api/loan-applications/${id}/documents/not-a-uuid/content`, s.officer))
        .statusCode,
    ).toBe(400);
    expect(await count()).toEqual(before);
  });

  it('a withdrawn application takes no new document (409) but its documents stay readable', async () => {
    const w = await draft();
    expect((await upload(s.officer, w, 'collateral_papers')).statusCode).toBe(201);
    const gone = await s.call('POST', `/api/loan-applications/${w}/withdraw`, s.officer, {
      reason: 'Customer changed their mind',
    });
    expect(gone.statusCode).toBe(200);
    const before = await count();
    const refused = await upload(s.officer, w, 'payslip');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: D.closed('Withdrawn'), details: { code: 'wrong_state' } });
    expect(await count()).toEqual(before);
    const list = await s.call('GET', `/api/loan-applications/${w}/documents`, s.officer);
    expect(list.json()).toHaveLength(1);
  });
});

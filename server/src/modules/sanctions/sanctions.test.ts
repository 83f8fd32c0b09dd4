import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { APPROVAL_TEXT, SANCTIONS_TEXT } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { giveDocuments, privateCustomer } from '../../../test/support/customers.ts';
import { ensureReferenceData } from '../../../test/support/banking-fixtures.ts';
import { setRoles } from '../../../test/support/roles.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { queryRows } from '../../db/rows.ts';
import { rescreenAllCustomers } from './index.ts';

const fixtures = path.resolve(import.meta.dirname, '../../../test/fixtures/sanctions');
const UN_XML = fs.readFileSync(path.join(fixtures, 'un-consolidated-sample.xml'), 'utf8');
const LOCAL_CSV = fs.readFileSync(path.join(fixtures, 'local-designations-sample.csv'), 'utf8');

/** Sanctions screening over HTTP: imports (four-eyes, counts), hits at creation, activation, the queue. */
describe('sanctions screening', () => {
  let t: TestApp;
  let cso: StaffUser, comp: StaffUser, comp2: StaffUser, teller: StaffUser, local: StaffUser;
  const call = (who: StaffUser, url: string, payload?: object) =>
    t.app.inject({ method: payload ? 'POST' : 'GET', url, headers: { authorization: who.auth }, payload });
  const upload = (who: StaffUser, source: 'un' | 'local', content: string, fileName = 'list.xml') =>
    call(who, `/api/sanctions/lists/${source}`, { fileName, content });
  const approve = (who: StaffUser, id: string) => call(who, `/api/approvals/${id}/approve`, {});
  const createCustomer = async (firstName: string, lastName: string, over: object = {}) => {
    const res = await call(cso, '/api/customers', privateCustomer({ firstName, lastName, ...over }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const hitsOf = (custId: number) =>
    queryRows<{ status: string; trigger: string; matched_fields: string[]; score: string }>(
      t.app.db,
      sql`select status, trigger, matched_fields, score::text from sanctions_hits where cust_id = ${custId}`,
    );

  beforeAll(async () => {
    t = await createTestApp();
    await ensureReferenceData(t.app.db);
    const s = await staffUsers(t.app);
    [cso, comp, comp2, teller, local] = (await Promise.all(
      ['cso', 'comp', 'compb', 'teller', 'amlb'].map((p) => s.make('activated', p)),
    )) as [StaffUser, StaffUser, StaffUser, StaffUser, StaffUser];
    await setRoles(t.app, cso.userId, ['cso'], 'T01');
    await setRoles(t.app, comp.userId, ['compliance'], 'T01');
    await setRoles(t.app, comp2.userId, ['compliance'], 'T01');
    await setRoles(t.app, teller.userId, ['teller'], 'T01');
  });
  afterAll(() => t.close());

  it('refuses a file that is not the UN list, or not XML, with the reason on the field and nothing staged', async () => {
    const notXml = await upload(comp, 'un', 'reference,type\n1,individual');
    expect(notXml.statusCode).toBe(400);
    expect(notXml.json().details[0].path).toBe('/content');
    const otherRoot = await upload(comp, 'un', '<?xml version="1.0"?><LIST><INDIVIDUALS/></LIST>');
    expect(otherRoot.statusCode).toBe(400);
    expect(otherRoot.json().error).toBe(SANCTIONS_TEXT.notUnList);
    const noId = await upload(
      comp,
      'un',
      '<CONSOLIDATED_LIST><INDIVIDUALS><INDIVIDUAL><FIRST_NAME>X</FIRST_NAME></INDIVIDUAL></INDIVIDUALS></CONSOLIDATED_LIST>',
    );
    expect(noId.json().error).toBe(SANCTIONS_TEXT.entryWithoutId);
    const badDate = await upload(
      comp,
      'local',
      'reference,type,name,aliases,dates_of_birth,nationality,comments\nA1,individual,Some One,,2023-02-30,,\n',
    );
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error).toBe(SANCTIONS_TEXT.csvLine(2, SANCTIONS_TEXT.csvDate));
    const empty = await call(comp, '/api/sanctions/lists/un', { fileName: '', content: '' });
    expect(empty.statusCode).toBe(400);
    const [n] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from sanctions_list_versions`,
    );
    expect(n!.n).toBe(0);
  });

  it('tellers and customer officers see nothing of lists or hits', async () => {
    for (const who of [teller, cso]) {
      expect((await call(who, '/api/sanctions/hits')).statusCode).toBe(403);
      expect((await call(who, '/api/sanctions/hits/1')).statusCode).toBe(403);
      expect((await call(who, '/api/sanctions/lists')).statusCode).toBe(403);
      expect((await upload(who, 'un', UN_XML)).statusCode).toBe(403);
      expect(
        (await call(who, '/api/sanctions/hits/1/decision', { decision: 'clear', reason: 'x' })).statusCode,
      ).toBe(403);
    }
  });

  it('an import is a numbered version with its counts, in force only when a second officer approves it', async () => {
    const res = await upload(comp, 'un', UN_XML, 'consolidated.xml');
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json();
    expect(body).toMatchObject({ entries: 3, added: 3, changed: 0, removed: 0 });
    // One pending import per list: a second waits for the first to be decided.
    expect((await upload(comp2, 'un', UN_XML)).statusCode).toBe(409);
    const own = await approve(comp, body.approvalId);
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toBe(APPROVAL_TEXT.ownRequest);
    expect((await approve(comp2, body.approvalId)).statusCode).toBe(200);
    const lists = await call(comp, '/api/sanctions/lists?source=un');
    expect(lists.headers['x-total-count']).toBe('1');
    expect(lists.json()[0]).toMatchObject({
      version: 1,
      status: 'active',
      fileName: 'consolidated.xml',
      generatedAt: '2026-11-20T09:00:01.000Z',
      entries: 3,
      decidedBy: comp2.email,
    });
    const [entry] = await queryRows<{ aliases: string[]; dates_of_birth: string[] }>(
      t.app.db,
      sql`select aliases, dates_of_birth from sanctions_entries where ref = '9100002'`,
    );
    expect(entry).toEqual({
      aliases: ['Abdulrahim Hamid Sayyid'],
      dates_of_birth: ['1962-01-01', '1964', '1965', '1966'],
    });
  });

  it('a new customer matching a designation cannot be activated until Compliance clears the hit', async () => {
    const id = await createCustomer('Mohamed', 'Kamara');
    const [hit] = await hitsOf(id);
    expect(hit).toMatchObject({ status: 'open', trigger: 'creation', matched_fields: ['name'] });
    await giveDocuments(t.app, id);
    const refused = await call(cso, `/api/customers/${id}/status`, {
      action: 'activate',
      reason: 'Documents seen',
    });
    expect(refused.statusCode).toBe(409);
    // The officer is told a check is pending, never which list or entry.
    expect(refused.json().error).toBe(SANCTIONS_TEXT.activationBlocked);
    expect(refused.body).not.toMatch(/9100001|QDi|Al-Qaida/);
    // Nor does the customer's file show a customer officer anything of the hit.
    const file = await call(cso, `/api/customers/${id}/360`);
    expect(file.statusCode).toBe(200);
    expect(file.body).not.toMatch(/sanction|9100001|QDi|MUHAMMAD/i);

    const queue = await call(comp, '/api/sanctions/hits?status=open&q=Kamara');
    expect(queue.statusCode).toBe(200);
    const row = queue.json().find((h: { customer: { id: number } }) => h.customer.id === id);
    expect(row).toMatchObject({
      customer: { name: 'Mohamed Kamara', dateOfBirth: '1985-04-12' },
      entry: {
        source: 'un',
        ref: '9100001',
        name: 'MUHAMMAD KAMARA',
        referenceNumber: 'QDi.901',
        datesOfBirth: ['1971'],
      },
      // Name and alias agree alike after normalising; the entry's own name is shown first.
      matchedName: 'MUHAMMAD KAMARA',
    });
    // A date of birth that agrees with none of the entry's lowers an exact name to 0.9.
    expect(row.score).toBe('0.900');

    const noReason = await call(comp, `/api/sanctions/hits/${row.id}/decision`, {
      decision: 'clear',
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    const cleared = await call(comp, `/api/sanctions/hits/${row.id}/decision`, {
      decision: 'clear',
      reason: 'Different person: born 1985 in Bo, the designee about 1971 in Makeni',
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ status: 'cleared', decidedBy: comp.email });
    const again = await call(comp, `/api/sanctions/hits/${row.id}/decision`, {
      decision: 'confirm',
      reason: 'x',
    });
    expect(again.statusCode).toBe(409);
    const asked = await call(cso, `/api/customers/${id}/status`, {
      action: 'activate',
      reason: 'Documents seen',
    });
    expect(asked.statusCode).toBe(202);
    const [audit] = await queryRows<{ actor_email: string; details: { reason: string } }>(
      t.app.db,
      sql`select actor_email, details from audit_log where action = 'sanctions.hit_clear' and target_id = ${row.id}`,
    );
    expect(audit!.actor_email).toBe(comp.email);
  });

  it('an officer without branches.all sees and decides only the hits of their home branch', async () => {
    await t.app.db.execute(
      sql`insert into branches (code, name, town) values ('T02', 'Other', 'Bo') on conflict do nothing`,
    );
    await t.app.db.execute(
      sql`insert into roles (key, name, description) values ('aml_branch', 'Branch AML', 'Test')`,
    );
    await t.app.db.execute(
      sql`insert into role_permissions (role_id, permission) select id, 'aml.screening' from roles where key = 'aml_branch'`,
    );
    await setRoles(t.app, local.userId, ['aml_branch'], 'T02');
    const [{ id }] = (await call(comp, '/api/sanctions/hits?q=Mohamed%20Kamara')).json();
    const mine = await call(local, '/api/sanctions/hits');
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['x-total-count']).toBe('0');
    expect((await call(local, `/api/sanctions/hits/${id}`)).statusCode).toBe(403);
    const decide = await call(local, `/api/sanctions/hits/${id}/decision`, {
      decision: 'confirm',
      reason: 'Not mine',
    });
    expect(decide.statusCode).toBe(403);
  });

  it('a confirmed hit keeps activation blocked; an unrelated name raises nothing', async () => {
    const match = await createCustomer('Abdulrahim', 'Sayyid', { dateOfBirth: '1965-03-02' });
    const [hit] = await hitsOf(match);
    // The year 1965 falls in the entry's 1964–1966 range: the date of birth is among the matched fields.
    expect(hit!.matched_fields).toEqual(['alias', 'dateOfBirth']);
    const [{ id }] = (await call(comp, `/api/sanctions/hits?status=open&q=Sayyid`)).json();
    expect(
      (
        await call(comp, `/api/sanctions/hits/${id}/decision`, {
          decision: 'confirm',
          reason: 'Same passport',
        })
      ).statusCode,
    ).toBe(200);
    await giveDocuments(t.app, match);
    expect(
      (await call(cso, `/api/customers/${match}/status`, { action: 'activate', reason: 'Documents seen' }))
        .statusCode,
    ).toBe(409);

    const other = await createCustomer('Mohamed', 'Koroma');
    expect(await hitsOf(other)).toEqual([]);
  });

  it('end of day re-screens everyone against a new version and finds a name variant, once', async () => {
    // Created before the local list comes in force: nothing to match yet.
    const id = await createCustomer('Tejan', 'Lébbie', { middleName: undefined });
    expect(await hitsOf(id)).toEqual([]);
    const res = await upload(comp, 'local', LOCAL_CSV, 'domestic.csv');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ entries: 2, added: 2 });
    expect((await approve(comp2, res.json().approvalId)).statusCode).toBe(200);
    expect((await rescreenAllCustomers(t.app.db)).hits).toBeGreaterThan(0);
    expect(await hitsOf(id)).toEqual([expect.objectContaining({ status: 'open', trigger: 'rescreen' })]);
    // A second night raises nothing new for the same designation.
    expect((await rescreenAllCustomers(t.app.db)).hits).toBe(0);
  });

  it('a new version counts what was added, changed and removed against the one in force', async () => {
    const next = UN_XML.replace(
      '<COMMENTS1>Test entity.</COMMENTS1>',
      '<COMMENTS1>Test entity, amended.</COMMENTS1>',
    )
      .replace(/<INDIVIDUAL>\s*<DATAID>9100002<\/DATAID>[\s\S]*?<\/INDIVIDUAL>/, '')
      .replace(
        '</INDIVIDUALS>',
        '<INDIVIDUAL><DATAID>9100003</DATAID><FIRST_NAME>NEW</FIRST_NAME><SECOND_NAME>PERSON</SECOND_NAME></INDIVIDUAL></INDIVIDUALS>',
      );
    const res = await upload(comp2, 'un', next, 'consolidated-2.xml');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ entries: 3, added: 1, changed: 1, removed: 1 });
    const rejected = await call(comp, `/api/approvals/${res.json().approvalId}/reject`, {
      reason: 'Wrong file',
    });
    expect(rejected.statusCode).toBe(200);
    const [v] = (await call(comp, '/api/sanctions/lists?source=un&status=rejected')).json();
    expect(v).toMatchObject({ version: 2, status: 'rejected', added: 1, changed: 1, removed: 1 });
    // The version in force is still the first.
    expect((await call(comp, '/api/sanctions/lists?source=un&status=active')).json()[0].version).toBe(1);
  });
});

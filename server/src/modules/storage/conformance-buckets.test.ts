import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { anonStorage, serviceStorage, staffStorage } from '../../../test/support/storage-clients.ts';
import { keysOf } from '../../../test/support/auth-clients.ts';

/** Buckets through the stock supabase-js 2.79 storage client over HTTP. */
describe('supabase-js storage conformance: buckets', () => {
  let t: TestApp;
  let base: string;
  let admin: ReturnType<typeof serviceStorage>;
  let superuser: StaffUser;
  let clerk: StaffUser;
  beforeAll(async () => {
    t = await createTestApp();
    const staff = await staffUsers(t.app);
    base = staff.baseUrl;
    superuser = await staff.make('superuser');
    clerk = await staff.make('activated');
    admin = serviceStorage(base, t.app);
  });
  afterAll(() => t.close());

  it('seeds the private customer buckets and customer-documents', async () => {
    const { data, error } = await admin.listBuckets();
    expect(error).toBeNull();
    const seeded = data!.filter((b) => b.id.startsWith('customer-')).map((b) => [b.id, b.public]);
    expect(seeded).toEqual([
      ['customer-documents', false],
      ['customer-ids', false],
      ['customer-photos', false],
      ['customer-signatures', false],
    ]);
  });

  it('creates, gets, updates, empties and deletes a bucket', async () => {
    const created = await admin.createBucket('docs', {
      public: false,
      fileSizeLimit: '1MB',
      allowedMimeTypes: ['image/*', 'application/pdf'],
    });
    expect(created).toEqual({ data: { name: 'docs' }, error: null });
    const got = await admin.getBucket('docs');
    expect(got.data).toMatchObject({
      id: 'docs',
      name: 'docs',
      public: false,
      file_size_limit: 1024 * 1024,
      allowed_mime_types: ['image/*', 'application/pdf'],
    });
    expect((await admin.updateBucket('docs', { public: true, fileSizeLimit: 2048 })).data).toEqual({
      message: 'Successfully updated',
    });
    expect((await admin.getBucket('docs')).data).toMatchObject({ public: true, file_size_limit: 2048 });

    await admin.from('docs').upload('a.txt', 'hello', { contentType: 'text/plain' });
    await admin.updateBucket('docs', { public: true, allowedMimeTypes: ['text/plain'] });
    expect((await admin.from('docs').upload('a.txt', 'hello')).error).toBeNull();
    const notEmpty = await admin.deleteBucket('docs');
    expect(notEmpty.error).toMatchObject({ statusCode: '409' });
    expect((await admin.emptyBucket('docs')).data).toEqual({ message: 'Successfully emptied' });
    expect((await admin.deleteBucket('docs')).data).toEqual({ message: 'Successfully deleted' });
    expect((await admin.getBucket('docs')).error).toMatchObject({ status: 404, message: 'Bucket not found' });
  });

  it('lists buckets with limit, offset, sort and search', async () => {
    for (const id of ['list-a', 'list-b', 'list-c']) await admin.createBucket(id);
    const page = await admin.listBuckets({
      search: 'list-',
      limit: 2,
      offset: 1,
      sortColumn: 'name',
      sortOrder: 'desc',
    });
    expect(page.data!.map((b) => b.id)).toEqual(['list-b', 'list-a']);
  });

  it('refuses a duplicate and a bad name', async () => {
    await admin.createBucket('dup');
    expect((await admin.createBucket('dup')).error).toMatchObject({ status: 409, statusCode: '409' });
    expect((await admin.createBucket('Bad Name')).error).toMatchObject({ status: 400 });
    expect((await admin.createBucket('list')).error).toMatchObject({ status: 400 });
  });

  it('takes policy permissions of the roles screen only: an unknown name is a 400 naming the field', async () => {
    const { serviceKey } = keysOf(t.app);
    const create = (body: Record<string, unknown>) =>
      fetch(`${base}/storage/v1/bucket`, {
        method: 'POST',
        headers: {
          apikey: serviceKey,
          authorization: `Bearer ${serviceKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    const bad = await create({ name: 'policy-bad', read_permission: 'customers.write' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toMatch(/read_permission/);
    expect((await create({ name: 'policy-ok', read_permission: 'customers.read' })).status).toBe(200);
  });

  it('lets superusers (storage.manage) administer, not other staff or the anon key, and audits', async () => {
    const su = staffStorage(base, t.app, superuser);
    expect((await su.createBucket('by-superuser')).error).toBeNull();
    const byClerk = await staffStorage(base, t.app, clerk).createBucket('by-clerk');
    expect(byClerk.error).toMatchObject({ status: 403, statusCode: '403' });
    expect((await anonStorage(base, t.app).listBuckets()).error).toMatchObject({ status: 403 });
    expect((await staffStorage(base, t.app, clerk).listBuckets()).error).toMatchObject({ status: 403 });
    const audit = await t.app.db.execute(
      sql`select action, actor_id from audit_log where target_type = 'storage_bucket' and target_id = 'by-superuser'`,
    );
    expect((audit as { rows: unknown[] }).rows).toEqual([
      { action: 'storage.bucket.create', actor_id: superuser.userId },
    ]);
  });
});

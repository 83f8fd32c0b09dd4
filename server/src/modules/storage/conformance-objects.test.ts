import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers } from '../../../test/support/staff-users.ts';
import { pngBytes, serviceStorage } from '../../../test/support/storage-clients.ts';
import { putObject } from './objects-repository.ts';

/** Objects through the stock supabase-js 2.79 storage client over HTTP: every call, defaults, errors. */
describe('supabase-js storage conformance: objects', () => {
  let t: TestApp;
  let base: string;
  let admin: ReturnType<typeof serviceStorage>;
  const docs = () => admin.from('docs');
  beforeAll(async () => {
    t = await createTestApp();
    base = (await staffUsers(t.app)).baseUrl;
    admin = serviceStorage(base, t.app);
    await admin.createBucket('docs');
    await admin.createBucket('pub', { public: true });
    await admin.createBucket('images', { public: false, allowedMimeTypes: ['image/*'] });
  });
  afterAll(() => t.close());

  it('uploads raw and multipart bodies, refuses a second upload without upsert, upserts and updates', async () => {
    const raw = await docs().upload('a/one.txt', 'first', { contentType: 'text/plain' });
    expect(raw).toEqual({
      data: { path: 'a/one.txt', id: expect.any(String), fullPath: 'docs/a/one.txt' },
      error: null,
    });
    const multipart = await docs().upload('a/two.png', new Blob([pngBytes()], { type: 'image/png' }));
    expect(multipart.error).toBeNull();
    const again = await docs().upload('a/one.txt', 'second');
    expect(again.error).toMatchObject({
      status: 409,
      statusCode: '409',
      message: 'The resource already exists',
    });
    expect((await docs().upload('a/one.txt', 'second', { upsert: true })).error).toBeNull();
    expect(await (await docs().download('a/one.txt')).data!.text()).toBe('second');
    expect((await docs().update('a/one.txt', 'third')).error).toBeNull();
    expect(await (await docs().download('a/one.txt')).data!.text()).toBe('third');
    // A failed download is a StorageUnknownError holding the response (the client reads no JSON).
    const missing = await docs().download('a/missing.txt');
    expect(missing.error).toMatchObject({ originalError: { status: 404 } });
    // Each stored version is audited once, as a creation or as the replacement it was.
    const audit = await t.app.db.execute(
      sql`select action, outcome from audit_log where target_type = 'storage_object' and target_id = 'docs/a/one.txt' order by id`,
    );
    expect((audit as { rows: unknown[] }).rows).toEqual([
      { action: 'storage.object.create', outcome: 'success' },
      { action: 'storage.object.update', outcome: 'success' },
      { action: 'storage.object.update', outcome: 'success' },
    ]);
  });

  it('refuses to store an object in a bucket removed after the route read it (404, nothing stored)', async () => {
    await admin.createBucket('going');
    await t.app.db.execute(sql`delete from storage_buckets where id = 'going'`);
    const put = () =>
      putObject(
        t.app.db,
        {
          bucketId: 'going',
          name: 'x.txt',
          size: 1,
          mimeType: 'text/plain',
          sha256: 'a'.repeat(64),
          cacheControl: null,
          owner: null,
        },
        false,
      );
    await expect(put()).rejects.toMatchObject({ status: 404, code: 'NoSuchBucket' });
    const rows = await t.app.db.execute(sql`select 1 from storage_objects where bucket_id = 'going'`);
    expect((rows as { rows: unknown[] }).rows).toEqual([]);
  });

  it('answers info and exists', async () => {
    await docs().upload('info/x.txt', 'hello', { contentType: 'text/plain' });
    const info = await docs().info('info/x.txt');
    expect(info.data).toMatchObject({
      name: 'info/x.txt',
      bucketId: 'docs',
      size: 5,
      contentType: 'text/plain',
    });
    expect((await docs().exists('info/x.txt')).data).toBe(true);
    expect((await docs().exists('info/none.txt')).data).toBe(false);
  });

  it('lists one level with folders as null-id entries; defaults limit 100, offset 0, name ascending', async () => {
    for (const k of ['l/b.txt', 'l/a.txt', 'l/C.txt', 'l/sub/deep.txt', 'l/sub/deeper/x.txt', 'l/zz/y.txt'])
      await docs().upload(k, k, { contentType: 'text/plain' });
    const { data, error } = await docs().list('l');
    expect(error).toBeNull();
    expect(data!.map((e) => [e.name, e.id === null])).toEqual([
      ['C.txt', false],
      ['a.txt', false],
      ['b.txt', false],
      ['sub', true],
      ['zz', true],
    ]);
    const folder = data!.find((e) => e.name === 'sub')!;
    expect(folder).toMatchObject({ id: null, updated_at: null, created_at: null, metadata: null });
    expect(data!.find((e) => e.name === 'a.txt')!.metadata).toMatchObject({
      size: 7,
      mimetype: 'text/plain',
    });
    const many = await Promise.all(
      Array.from({ length: 105 }, (_, i) => docs().upload(`many/${String(i).padStart(3, '0')}`, 'x')),
    );
    expect(many.every((r) => r.error === null)).toBe(true);
    const page = await docs().list('many');
    expect(page.data).toHaveLength(100);
    expect(page.data![0]!.name).toBe('000');
    const tail = await docs().list('many', {
      limit: 3,
      offset: 102,
      sortBy: { column: 'name', order: 'desc' },
    });
    expect(tail.data!.map((e) => e.name)).toEqual(['002', '001', '000']);
    expect((await docs().list('l', { search: 's' })).data!.map((e) => e.name)).toEqual(['sub']);
    expect((await docs().list('', { limit: 2 })).data!.map((e) => e.name)).toEqual(['a', 'info']);
    expect((await docs().list('l', { limit: 0 })).error).toMatchObject({ status: 400 });
  });

  it('moves and copies within and across buckets', async () => {
    await docs().upload('mv/src.txt', 'move me', { contentType: 'text/plain' });
    expect((await docs().move('mv/src.txt', 'mv/dst.txt')).data).toEqual({ message: 'Successfully moved' });
    expect((await docs().exists('mv/src.txt')).data).toBe(false);
    expect((await docs().copy('mv/dst.txt', 'mv/copy.txt')).data).toEqual({ path: 'docs/mv/copy.txt' });
    expect((await docs().copy('mv/dst.txt', 'x/copy.txt', { destinationBucket: 'pub' })).error).toBeNull();
    expect((await docs().move('mv/copy.txt', 'y/moved.txt', { destinationBucket: 'pub' })).error).toBeNull();
    expect(await (await admin.from('pub').download('y/moved.txt')).data!.text()).toBe('move me');
    expect(
      (await docs().copy('mv/dst.txt', 'mv/copy2.txt', { destinationBucket: 'images' })).error,
    ).toMatchObject({
      status: 415,
    });
    expect((await docs().move('mv/none.txt', 'mv/z.txt')).error).toMatchObject({ status: 404 });
    expect((await docs().copy('mv/dst.txt', 'mv/dst.txt')).error).toMatchObject({ status: 409 });
  });

  it('removes many keys, answering the removed objects', async () => {
    await docs().upload('rm/1.txt', '1');
    await docs().upload('rm/2.txt', '2');
    const { data, error } = await docs().remove(['rm/1.txt', 'rm/2.txt', 'rm/none.txt']);
    expect(error).toBeNull();
    expect(data!.map((o) => o.name).sort()).toEqual(['rm/1.txt', 'rm/2.txt']);
    expect((await docs().list('rm')).data).toEqual([]);
  });

  it('signs download URLs alone and in batches, and upload URLs', async () => {
    await docs().upload('s/a.txt', 'signed a', { contentType: 'text/plain' });
    const one = await docs().createSignedUrl('s/a.txt', 60);
    expect((await fetch(one.data!.signedUrl)).status).toBe(200);
    expect(await (await fetch(one.data!.signedUrl)).text()).toBe('signed a');
    const asFile = await docs().createSignedUrl('s/a.txt', 60, { download: 'named.txt' });
    expect((await fetch(asFile.data!.signedUrl)).headers.get('content-disposition')).toMatch(
      /^attachment; filename="named.txt"/,
    );
    const batch = await docs().createSignedUrls(['s/a.txt', 's/none.txt'], 60);
    expect(batch.data!.map((d) => [d.path, d.error, d.signedUrl === null])).toEqual([
      ['s/a.txt', null, false],
      ['s/none.txt', 'Either the object does not exist or you do not have access to it', true],
    ]);
    expect((await docs().createSignedUrl('s/none.txt', 60)).error).toMatchObject({ status: 404 });

    const up = await docs().createSignedUploadUrl('s/up.txt');
    expect(up.data).toMatchObject({ path: 's/up.txt', token: expect.any(String) });
    const put = await docs().uploadToSignedUrl('s/up.txt', up.data!.token, 'via signed upload');
    expect(put.error).toBeNull();
    expect(await (await docs().download('s/up.txt')).data!.text()).toBe('via signed upload');
    const reuse = await docs().uploadToSignedUrl('s/up.txt', up.data!.token, 'again');
    expect(reuse.error).toMatchObject({ status: 409 });
  });

  it('serves public buckets at getPublicUrl, and nothing of private ones there', async () => {
    await admin.from('pub').upload('p.txt', 'public text', { contentType: 'text/plain' });
    const url = admin.from('pub').getPublicUrl('p.txt').data.publicUrl;
    expect(url).toBe(`${base}/storage/v1/object/public/pub/p.txt`);
    expect(await (await fetch(url)).text()).toBe('public text');
    await docs().upload('priv.txt', 'private');
    expect((await fetch(docs().getPublicUrl('priv.txt').data.publicUrl)).status).toBe(404);
  });
});

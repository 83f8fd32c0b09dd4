import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { keysOf } from '../../../test/support/auth-clients.ts';
import { depositScene, testCustomer } from '../../../test/support/deposit-accounts.ts';
import { setRoles } from '../../../test/support/roles.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';
import { pngBytes, serviceStorage, staffStorage } from '../../../test/support/storage-clients.ts';

const HO = '001';
const BO = '010';
const LEGACY = ['customer-ids', 'customer-photos', 'customer-signatures'] as const;

/**
 * The first customer buckets hold ID scans, photos and signatures under paths that name no branch.
 * A Customer Service Officer of Bo (customers.read, home branch Bo) goes after an HO customer's ID
 * scan through the storage API: list, download, info, a signed URL, and an upload of their own. All
 * refused: the buckets are retired, and only the service role still reaches what they hold.
 */
describe('legacy customer buckets are retired', () => {
  let t: TestApp;
  let base = '';
  let boCso: StaffUser, hoCso: StaffUser;
  let folder = '';

  beforeAll(async () => {
    t = await createTestApp();
    const scene = await depositScene(t.app);
    const addr = t.app.server.address();
    base = typeof addr === 'object' && addr ? `http://127.0.0.1:${addr.port}` : '';
    [boCso, hoCso] = (await Promise.all(['bocso', 'hocso'].map((p) => scene.makeStaff('activated', p)))) as [
      StaffUser,
      StaffUser,
    ];
    await setRoles(t.app, boCso.userId, ['cso'], BO);
    await setRoles(t.app, hoCso.userId, ['cso'], HO);
    folder = String(await testCustomer(t.app, { branch: HO }));
    // What such a bucket may still hold from before: put there by the service role.
    const admin = serviceStorage(base, t.app);
    for (const bucket of LEGACY) {
      const put = await admin.from(bucket).upload(`${folder}/scan.png`, new Blob([pngBytes()]), {
        contentType: 'image/png',
      });
      expect(put.error).toBeNull();
    }
  });
  afterAll(() => t.close());

  it('a Bo officer reads, lists, signs and writes nothing in them', async () => {
    for (const bucket of LEGACY) {
      const s = staffStorage(base, t.app, boCso).from(bucket);
      expect([bucket, (await s.list(folder)).error]).toMatchObject([bucket, { status: 403 }]);
      const read = await s.download(`${folder}/scan.png`);
      expect([bucket, read.data, read.error === null]).toEqual([bucket, null, false]);
      expect((await s.createSignedUrl(`${folder}/scan.png`, 60)).error).toMatchObject({ status: 403 });
      expect((await s.upload(`${folder}/mine.png`, new Blob([pngBytes()]))).error).toMatchObject({
        status: 403,
      });
      const info = await fetch(`${base}/storage/v1/object/info/${bucket}/${folder}/scan.png`, {
        headers: { apikey: keysOf(t.app).anonKey, authorization: boCso.auth },
      });
      expect(info.status).toBe(403);
    }
  });

  it('nor does an officer of the customer’s own branch: documents go through the customers API', async () => {
    const s = staffStorage(base, t.app, hoCso).from('customer-ids');
    expect((await s.list(folder)).error).toMatchObject({ status: 403 });
    expect((await s.download(`${folder}/scan.png`)).data).toBeNull();
  });

  it('the service role still reaches what they hold, so nothing is lost', async () => {
    const got = await serviceStorage(base, t.app).from('customer-ids').download(`${folder}/scan.png`);
    expect(got.error).toBeNull();
    expect(Buffer.from(await got.data!.arrayBuffer()).equals(pngBytes())).toBe(true);
  });
});

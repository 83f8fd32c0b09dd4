import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportPKCS8, generateKeyPair, exportJWK } from 'jose';
import { createTestDb, testConfig } from '../../../test/support/harness.ts';
import type { DbHandle } from '../../db/client.ts';
import { authSigningKeys } from '../../db/schema/auth.ts';
import { loadSigningKeys, parsePrivateKey } from './signing-keys.ts';
import { JwtService } from './jwt.ts';
import { loadConfig } from '../../config.ts';

describe('signing keys', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  it('generates one key on first start, stores it, and every later load (or process) gets the same', async () => {
    const auth = testConfig().auth;
    const [a, b] = await Promise.all([loadSigningKeys(h.db, auth), loadSigningKeys(h.db, auth)]);
    expect(a.kid).toBe(b.kid);
    expect(await h.db.select().from(authSigningKeys)).toHaveLength(1);
    expect((await loadSigningKeys(h.db, auth)).kid).toBe(a.kid);
    expect(a.publicJwk).not.toHaveProperty('d');
  });

  it('takes the key from AUTH_JWT_PRIVATE_KEY as a JWK or a PEM; tokens verify across both forms', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const fromJwk = await parsePrivateKey(JSON.stringify(await exportJWK(privateKey)));
    const fromPem = await parsePrivateKey(await exportPKCS8(privateKey));
    expect(fromPem.kid).toBe(fromJwk.kid);
    const token = await new JwtService(fromJwk, 'x').apiKey('anon');
    expect((await new JwtService(fromPem, 'y').verify(token)).role).toBe('anon');
    await expect(parsePrivateKey('{"kty":"RSA","n":"x","e":"AQAB","d":"y"}')).rejects.toThrow(/P-256/);
  });

  it('refuses to start on PostgreSQL (DATABASE_URL) without a configured key unless generation is opted in', async () => {
    const prod = loadConfig({ DATABASE_URL: 'postgres://x@localhost/db' });
    expect(prod.auth.generateKeys).toBe(false);
    await expect(loadSigningKeys(h.db, prod.auth)).rejects.toThrow(/AUTH_JWT_PRIVATE_KEY/);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://x@localhost/db', AUTH_GENERATE_KEYS: 'true' }).auth.generateKeys,
    ).toBe(true);
    expect(loadConfig({}).auth).toMatchObject({
      generateKeys: true,
      autoconfirm: true,
      jwtExpirySeconds: 600,
      passwordMinLength: 6,
    });
    expect(loadConfig({ SMTP_URL: 'smtp://mail:25' }).auth.autoconfirm).toBe(false);
  });
});

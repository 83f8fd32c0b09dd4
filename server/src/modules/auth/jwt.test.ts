import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportJWK, generateKeyPair } from 'jose';
import { parsePrivateKey } from './signing-keys.ts';
import { JwtService } from './jwt.ts';

const service = async () => {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return new JwtService(await parsePrivateKey(JSON.stringify(await exportJWK(privateKey))), 'iss');
};

/** verify() keeps tokens it has verified (jwt.ts): what it keeps must never outlive the token's rules. */
describe('JwtService.verify with its verified-token cache', () => {
  afterEach(() => vi.useRealTimers());

  it('refuses a kept token once it expires', async () => {
    const jwt = await service();
    const now = Math.floor(Date.now() / 1000);
    const token = await jwt.sign({ role: 'authenticated', sub: 'u' }, now + 60);
    expect((await jwt.verify(token)).sub).toBe('u');
    expect((await jwt.verify(token)).sub).toBe('u');
    vi.useFakeTimers({ now: (now + 60) * 1000 });
    await expect(jwt.verify(token)).rejects.toThrow(/exp/);
  });

  it('refuses a token changed by one character, and one signed by another key, while the original is kept', async () => {
    const jwt = await service();
    const token = await jwt.sign({ role: 'authenticated', sub: 'u' }, Math.floor(Date.now() / 1000) + 60);
    await jwt.verify(token);
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BA' : 'AA'}`;
    await expect(jwt.verify(forged)).rejects.toThrow();
    const other = await service();
    await expect(other.verify(token)).rejects.toThrow();
  });

  it('hands each caller its own copy of the claims', async () => {
    const jwt = await service();
    const token = await jwt.sign({ role: 'anon' });
    const first = await jwt.verify(token);
    first.role = 'service_role';
    expect((await jwt.verify(token)).role).toBe('anon');
  });
});

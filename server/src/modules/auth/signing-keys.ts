import { createHash } from 'node:crypto';
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  importPKCS8,
  type CryptoKey,
  type JWK,
} from 'jose';
import type { AuthConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { authSigningKeys } from '../../db/schema/auth.ts';

export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** Public half, as published at /.well-known/jwks.json. */
  publicJwk: JWK;
  /** Secret for deriving refresh-token children (see refresh-tokens.ts); derived from the private key. */
  chainSecret: Buffer;
}

const ALG = 'ES256';
const GENERATED_KID_ROW = 'generated';

async function fromPrivateJwk(jwk: JWK): Promise<SigningKeys> {
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.d !== 'string') {
    throw new Error('the auth signing key must be an EC P-256 private key (ES256)');
  }
  const { d, ...pub } = jwk;
  const publicJwk: JWK = { kty: pub.kty, crv: pub.crv, x: pub.x, y: pub.y };
  const kid = jwk.kid ?? (await calculateJwkThumbprint(publicJwk));
  return {
    kid,
    privateKey: (await importJWK({ ...jwk, alg: ALG }, ALG)) as CryptoKey,
    publicKey: (await importJWK({ ...publicJwk, alg: ALG }, ALG)) as CryptoKey,
    publicJwk: { ...publicJwk, kid, alg: ALG, use: 'sig', key_ops: ['verify'] },
    chainSecret: createHash('sha256').update(`refresh-token-chain:${d}`).digest(),
  };
}

/** AUTH_JWT_PRIVATE_KEY: a JWK (JSON) or a PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----"). */
export async function parsePrivateKey(text: string): Promise<SigningKeys> {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) return fromPrivateJwk(JSON.parse(trimmed) as JWK);
  const key = await importPKCS8(trimmed.replace(/\\n/g, '\n'), ALG, { extractable: true });
  return fromPrivateJwk(await exportJWK(key));
}

export async function generatePrivateJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(ALG, { extractable: true });
  const jwk = await exportJWK(privateKey);
  return {
    ...jwk,
    kid: await calculateJwkThumbprint({ kty: jwk.kty!, crv: jwk.crv!, x: jwk.x!, y: jwk.y! }),
  };
}

/**
 * The server's signing key: from configuration when AUTH_JWT_PRIVATE_KEY is set; otherwise (embedded
 * mode, or AUTH_GENERATE_KEYS) generated once and kept in the database, so every process and every
 * restart signs with the same key and issued tokens stay valid.
 */
export async function loadSigningKeys(db: Database, auth: AuthConfig): Promise<SigningKeys> {
  if (auth.jwtPrivateKey) return parsePrivateKey(auth.jwtPrivateKey);
  if (!auth.generateKeys) {
    throw new Error(
      'AUTH_JWT_PRIVATE_KEY is required when DATABASE_URL is set (or set AUTH_GENERATE_KEYS=true to generate one and keep it in the database)',
    );
  }
  // Several processes may start at once: the first insert wins, everyone reads the stored row.
  await db
    .insert(authSigningKeys)
    .values({ kid: GENERATED_KID_ROW, privateJwk: (await generatePrivateJwk()) as Record<string, unknown> })
    .onConflictDoNothing();
  const [row] = await db.select().from(authSigningKeys).limit(1);
  if (!row) throw new Error('could not store the auth signing key');
  return fromPrivateJwk(row.privateJwk);
}

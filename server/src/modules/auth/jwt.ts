import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import type { SigningKeys } from './signing-keys.ts';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

/** The access-token claims GoTrue issues (docs/auth-protocol.md §3, "Session and tokens"). */
export interface AccessClaims extends JWTPayload {
  sub: string;
  aud: string;
  email: string;
  phone: string;
  role: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  session_id: string;
  aal: 'aal1' | 'aal2';
  amr: AmrEntry[];
  is_anonymous: boolean;
}

export type ApiKeyRole = 'anon' | 'service_role';

/** Verified tokens kept (about 1.3 KB each): one per live session; a full cache starts again from empty. */
const VERIFIED_CACHE_SIZE = 4_096;

export class JwtService {
  /**
   * Tokens whose signature has verified, with their claims. Every /api request presents the same
   * access token until it is refreshed, and an ES256 verify costs the event loop about 0.75 ms
   * (bench:load's CPU profile: 7% of the server's busy time). A signature checked once against this
   * instance's key stays valid; the expiry is checked again on every use. Failures are never kept.
   */
  private readonly verified = new Map<string, JWTPayload>();

  constructor(
    private readonly keys: SigningKeys,
    readonly issuer: string,
  ) {}

  sign(claims: Record<string, unknown>, expiresAt?: number): Promise<string> {
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: this.keys.kid, typ: 'JWT' })
      .setIssuer(this.issuer);
    const now = Math.floor(Date.now() / 1000);
    jwt.setIssuedAt(now);
    if (expiresAt !== undefined) jwt.setExpirationTime(expiresAt);
    return jwt.sign(this.keys.privateKey);
  }

  /** The anon / service-role API keys: long-lived JWTs carrying only a role. */
  apiKey(role: ApiKeyRole): Promise<string> {
    return this.sign({ role });
  }

  /**
   * Verifies signature and expiry; throws on any problem. The issuer is not checked: only this
   * server holds the key, and PUBLIC_URL (part of `iss`) may legitimately differ between the server
   * and `npm run keys`.
   */
  async verify(token: string): Promise<JWTPayload> {
    const known = this.verified.get(token);
    if (known && !expired(known)) return { ...known };
    const { payload } = await jwtVerify(token, this.keys.publicKey, { algorithms: ['ES256'] });
    if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
    this.verified.set(token, payload);
    return { ...payload };
  }

  get jwks() {
    return { keys: [this.keys.publicJwk] };
  }

  get chainSecret(): Buffer {
    return this.keys.chainSecret;
  }
}

/** As jose's own check: expired once `exp` is not in the future (no clock tolerance is configured). */
const expired = (p: JWTPayload) => p.exp !== undefined && p.exp <= Math.floor(Date.now() / 1000);

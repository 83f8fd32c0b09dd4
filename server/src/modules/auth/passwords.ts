import { hash, verify } from '@node-rs/argon2';
import type { AuthConfig } from '../../config.ts';
import { AuthError } from './errors.ts';

export class PasswordHasher {
  private readonly options;
  /** Verified against when the e-mail is unknown, so that case costs the same as a wrong password. */
  private dummyHash: Promise<string>;

  constructor(private readonly auth: AuthConfig) {
    // @node-rs/argon2's default algorithm is argon2id.
    this.options = { memoryCost: auth.argon2MemoryKib, timeCost: auth.argon2TimeCost, parallelism: 1 };
    this.dummyHash = hash('not-a-real-password-0', this.options);
  }

  hash(password: string): Promise<string> {
    return hash(password, this.options);
  }

  /** Never throws: a malformed stored hash simply does not match. */
  async verify(storedHash: string | null | undefined, password: string): Promise<boolean> {
    try {
      if (!storedHash) {
        await verify(await this.dummyHash, password);
        return false;
      }
      return await verify(storedHash, password);
    } catch {
      return false;
    }
  }

  /** GoTrue's weak_password error (422, `weak_password.reasons`) when the password is too short. */
  assertStrong(password: unknown): asserts password is string {
    if (typeof password !== 'string')
      throw new AuthError(400, 'validation_failed', 'Password must be a string');
    // Argon2 accepts long inputs, but an unbounded one is a cheap denial of service.
    if (password.length > 1024)
      throw new AuthError(422, 'weak_password', 'Password is too long', {
        weak_password: { reasons: ['length'] },
      });
    if ([...password].length < this.auth.passwordMinLength) {
      throw new AuthError(
        422,
        'weak_password',
        `Password should be at least ${this.auth.passwordMinLength} characters.`,
        {
          weak_password: { reasons: ['length'] },
        },
      );
    }
  }
}

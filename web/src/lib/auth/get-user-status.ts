import {
  AUTH_MESSAGES,
  USER_STATUS_TIMEOUT_MS,
  userStatusSchema,
  type UserStatus,
} from '@bankmanager/contracts/auth';
import { ApiError, api } from '@/lib/api-client';

/**
 * GET /api/user/status with a 10 s timeout (docs/product.md §7, §9). Errors carry the docs/product.md §8
 * messages: the body's error or details, else 'Error fetching user status: {statusText}'; on timeout
 * 'Request timed out while fetching user status'.
 */
/** A failed status check; `status` is the HTTP status when the server answered. */
export class UserStatusError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** The server's `details.code`, e.g. `insufficient_aal` when the second factor is still owed. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'UserStatusError';
  }
}

export async function getUserStatus(timeoutMs: number = USER_STATUS_TIMEOUT_MS): Promise<UserStatus> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await api.get('/user/status', {
      schema: userStatusSchema,
      signal: controller.signal,
      credentials: 'include',
    });
  } catch (err) {
    if (controller.signal.aborted) throw new Error(AUTH_MESSAGES.statusTimeout);
    if (err instanceof ApiError) {
      const body = err.body as { error?: unknown; details?: unknown } | undefined;
      const fromBody = [body?.error, body?.details].find((v) => typeof v === 'string' && v) as
        string | undefined;
      const code = (body?.details as { code?: unknown } | undefined)?.code;
      throw new UserStatusError(
        fromBody ?? AUTH_MESSAGES.statusFetchFailed(err.statusText),
        err.status,
        typeof code === 'string' ? code : undefined,
      );
    }
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

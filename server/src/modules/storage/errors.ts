import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { isDatabaseUnavailable } from '../../lib/db-errors.ts';

/**
 * An error in the Storage API's shape: `{ statusCode, error, message }`, `statusCode` a string as the
 * real service sends it (storage-js reads `message` and `statusCode`). The HTTP status is the same code.
 */
export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const invalidKey = (message: string) => new StorageError(400, 'InvalidKey', message);
export const invalidRequest = (message: string) => new StorageError(400, 'InvalidRequest', message);
export const invalidSignature = (message = 'Invalid signature') =>
  new StorageError(400, 'InvalidSignature', message);
export const expiredToken = () => new StorageError(403, 'InvalidJWT', 'The signed URL has expired');
export const unauthorized = (message = 'Authentication required') =>
  new StorageError(401, 'Unauthorized', message);
export const accessDenied = (message = 'You are not allowed to do this on this bucket') =>
  new StorageError(403, 'AccessDenied', message);
export const bucketNotFound = () => new StorageError(404, 'NoSuchBucket', 'Bucket not found');
export const objectNotFound = () => new StorageError(404, 'NoSuchKey', 'Object not found');
export const duplicate = (message = 'The resource already exists') =>
  new StorageError(409, 'Duplicate', message);
export const tooLarge = (limit: number) =>
  new StorageError(413, 'EntityTooLarge', `The object exceeded the maximum allowed size of ${limit} bytes`);
export const mimeRefused = (type: string) =>
  new StorageError(415, 'InvalidMimeType', `mime type ${type} is not supported`);

/** The storage plugin's error handler: every error in the Storage shape, 5xx without internals. */
export function registerStorageErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    let status: number;
    let code: string;
    let message: string;
    if (err instanceof StorageError) [status, code, message] = [err.status, err.code, err.message];
    else if (err instanceof HttpError)
      [status, code, message] = [err.statusCode, 'InvalidRequest', err.message];
    else if (err.validation) [status, code, message] = [400, 'InvalidRequest', err.message];
    else if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500)
      [status, code, message] = [err.statusCode, 'InvalidRequest', err.message];
    else if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      [status, code, message] = [
        503,
        'DatabaseUnavailable',
        'The database is unavailable. Please try again shortly.',
      ];
    } else {
      req.log.error({ err }, 'storage request failed');
      [status, code, message] = [500, 'InternalError', 'Internal server error'];
    }
    void reply.status(status).send({ statusCode: String(status), error: code, message });
  });
}

import Busboy, { type BusboyHeaders } from '@fastify/busboy';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { invalidRequest } from './errors.ts';

/** The file of an upload: a stream of its bytes and what the client says about it. */
export interface UploadPart {
  stream: Readable;
  claimedType: string | undefined;
  cacheControl: string | null;
}

const maxAge = (v: string | undefined) => (v && /^\d{1,10}$/.test(v.trim()) ? `max-age=${v.trim()}` : null);

function cacheControlHeader(req: FastifyRequest): string | null {
  const h = req.headers['cache-control'];
  return typeof h === 'string' ? maxAge(/max-age=(\d+)/.exec(h)?.[1]) : null;
}

/** Leaves what is left of a refused request unread: read and dropped, so the answer can be sent. */
function drain(req: FastifyRequest): void {
  req.raw.unpipe();
  req.raw.resume();
}

/**
 * Hands `consume` the file of the request, streamed: the first file part of a multipart body (the
 * stock client's Blob/File uploads, with a `cacheControl` field first), otherwise the raw body.
 * Nothing is buffered beyond the parser's chunks.
 */
export function readUpload<T>(req: FastifyRequest, consume: (part: UploadPart) => Promise<T>): Promise<T> {
  const type = String(req.headers['content-type'] ?? '');
  if (!/^multipart\/form-data/i.test(type)) {
    const claimed = type === '' ? undefined : type;
    return consume({ stream: req.raw, claimedType: claimed, cacheControl: cacheControlHeader(req) }).catch(
      (err: unknown) => {
        drain(req);
        throw err;
      },
    );
  }
  return new Promise<T>((resolve, reject) => {
    let bb: ReturnType<typeof Busboy>;
    try {
      bb = Busboy({
        headers: req.headers as BusboyHeaders,
        limits: { files: 1, fields: 10, fieldSize: 64 * 1024, parts: 20, headerPairs: 50 },
        isPartAFile: (name, _ct, filename) => filename !== undefined || name === '',
      });
    } catch {
      drain(req);
      return reject(invalidRequest('The multipart body is malformed (no boundary)'));
    }
    let cacheControl: string | null = null;
    let result: Promise<T> | undefined;
    const fail = (err: unknown) => {
      drain(req);
      reject(err instanceof Error ? err : new Error(String(err)));
    };
    bb.on('field', (name, value) => {
      if (name === 'cacheControl') cacheControl = maxAge(value);
    });
    bb.on('file', (_name, stream, _filename, _enc, mimeType) => {
      if (result) return void stream.resume();
      result = consume({ stream, claimedType: mimeType, cacheControl });
      result.catch(fail);
    });
    bb.on('finish', () => {
      if (!result) return fail(invalidRequest('The multipart body has no file'));
      result.then(resolve, fail);
    });
    bb.on('error', () => fail(invalidRequest('The multipart body is malformed')));
    req.raw.pipe(bb);
  });
}

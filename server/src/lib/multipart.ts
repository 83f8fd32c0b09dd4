import Busboy, { type BusboyHeaders } from '@fastify/busboy';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { badRequest } from './http-error.ts';

export interface DocumentPart {
  fields: Record<string, string>;
  file: Readable;
  claimedType: string | undefined;
  /** The name the browser sent (untrusted: shown, never a path); '' when none. */
  fileName: string;
}

/**
 * Reads a document upload (customer and loan-application documents): small text fields first (`kind`), then one file, handed to `consume` as a
 * stream so its bytes are never held in memory. 400 for a body that is not multipart or lacks a file.
 */
export function readDocumentUpload<T>(
  req: FastifyRequest,
  consume: (p: DocumentPart) => Promise<T>,
): Promise<T> {
  const drain = () => {
    req.raw.unpipe();
    req.raw.resume();
  };
  if (!/^multipart\/form-data/i.test(String(req.headers['content-type'] ?? ''))) {
    drain();
    return Promise.reject(badRequest('Send the document as multipart/form-data with `kind` and `file`'));
  }
  return new Promise<T>((resolve, reject) => {
    const fields: Record<string, string> = {};
    let result: Promise<T> | undefined;
    const fail = (err: unknown) => {
      drain();
      reject(err instanceof Error ? err : new Error(String(err)));
    };
    let bb: ReturnType<typeof Busboy>;
    try {
      bb = Busboy({
        headers: req.headers as BusboyHeaders,
        limits: { files: 1, fields: 5, fieldSize: 1024, parts: 10, headerPairs: 50 },
      });
    } catch {
      return fail(badRequest('The multipart body is malformed'));
    }
    bb.on('field', (name, value) => {
      fields[name] = value;
    });
    bb.on('file', (_name, stream, filename, _enc, mimeType) => {
      if (result) return void stream.resume();
      result = consume({
        fields: { ...fields },
        file: stream,
        claimedType: mimeType,
        fileName: filename ?? '',
      });
      result.catch(fail);
    });
    bb.on('finish', () => {
      if (!result)
        return fail(badRequest('Invalid request', [{ path: '/file', message: 'Choose a file to upload' }]));
      result.then(resolve, fail);
    });
    bb.on('error', () => fail(badRequest('The multipart body is malformed')));
    req.raw.pipe(bb);
  });
}

/** A sent file name fit to show and to offer back on download: no path, no control characters, 200 at most. */
export const cleanFileName = (raw: string) =>
  [...(raw.split(/[\\/]/).at(-1) ?? '')]
    .filter((c) => c !== '"' && c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200) || 'document';

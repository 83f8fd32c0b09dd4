import type { FastifyReply } from 'fastify';
import type { StorageContext } from './context.ts';
import { objectNotFound } from './errors.ts';
import type { ObjectRow } from './objects-repository.ts';
import { servedInline } from './sniff.ts';

/**
 * Nothing a stored file holds may run in the app's origin: the browser may not guess another type,
 * the document is sandboxed with no script, style or frame of its own, and it cannot be framed.
 */
const DOWNLOAD_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'";

function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Streams an object's bytes with its stored (sniffed) type. Raster images and PDF are shown inline;
 * everything else, SVG and HTML included, is an attachment. `download` (the client's `?download=`)
 * forces an attachment, named after it when it is not empty.
 */
export async function sendObject(
  ctx: StorageContext,
  reply: FastifyReply,
  row: ObjectRow,
  download: unknown,
): Promise<FastifyReply> {
  const stream = await ctx.store.open(row.sha256);
  if (!stream) throw objectNotFound();
  const baseName = row.name.slice(row.name.lastIndexOf('/') + 1);
  const forced = typeof download === 'string';
  const name = forced && download !== '' ? download : baseName;
  const kind = !forced && servedInline(row.mimeType) ? 'inline' : 'attachment';
  return reply
    .header('content-type', row.mimeType)
    .header('content-length', String(row.size))
    .header('etag', `"${row.sha256}"`)
    .header('last-modified', row.updatedAt.toUTCString())
    .header('cache-control', row.cacheControl ?? 'no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', DOWNLOAD_CSP)
    .header('cross-origin-resource-policy', 'same-origin')
    .header('content-disposition', contentDisposition(kind, name))
    .send(stream);
}

/**
 * Streams a file another module keeps in a private bucket (opened through `app.storage.open`) as a
 * download named as it was filed: never shown inline, never cached, whatever its type.
 */
export function sendAttachment(
  reply: FastifyReply,
  found: { row: ObjectRow; stream: NodeJS.ReadableStream },
  name: string,
): FastifyReply {
  return reply
    .header('content-type', found.row.mimeType)
    .header('content-length', String(found.row.size))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', DOWNLOAD_CSP)
    .header('cross-origin-resource-policy', 'same-origin')
    .header('content-disposition', contentDisposition('attachment', name))
    .send(found.stream);
}

import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Only JSON answers and the SPA's HTML are compressed on the fly. Hashed assets are compressed at build
 * time (web/build/precompress.ts) and sent as they are by @fastify/static; CSV and PDF downloads stream
 * untouched, so they keep their Content-Length and start at once.
 */
const COMPRESSIBLE = /^(application\/(?:[\w.-]+\+)?json|text\/html)\b/;

/** Never compressed: stored objects are the uploader's bytes, sent as stored with their length. */
const NEVER = ['/storage/'];

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Runs before @fastify/compress's own onRoute hook (hooks run in the order they were added).
  app.addHook('onRoute', (route) => {
    if (NEVER.some((p) => route.url.startsWith(p))) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    // Smaller answers gain less than the header costs (ADR 0017 compresses JSON over about 1 KB).
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    // Request bodies stay as they are: accepting compressed uploads is a separate decision (zip bombs).
    globalDecompression: false,
  });
}

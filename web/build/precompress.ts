import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files only: images and fonts are compressed already. */
const TEXT = /\.(?:js|mjs|css|svg|json|txt|webmanifest)$/;
/** Below this the header and an extra file cost more than the bytes saved (as in the server's threshold). */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` beside each built text asset, so the server sends them as they are
 * (@fastify/static `preCompressed`) instead of compressing on every request. Best settings, since this
 * runs once per build: brotli quality 11, gzip level 9. index.html is left out: the server rewrites it
 * per start (public config) and compresses it on the fly.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'bankmanager:precompress',
    apply: 'build',
    configResolved(config: ResolvedConfig) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => TEXT.test(f));
      // zlib's async calls run on libuv's thread pool: the files compress in parallel.
      await Promise.all(files.map((f) => compressFile(path.join(outDir, f))));
    },
  };
}

async function compressFile(file: string): Promise<void> {
  const bytes = await readFile(file);
  if (bytes.length < MIN_BYTES) return;
  const [brotli, gzipped] = await Promise.all([
    br(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gz(bytes, { level: 9 }),
  ]);
  // A variant no smaller than the original is not worth a Content-Encoding.
  if (brotli.length < bytes.length) await writeFile(`${file}.br`, brotli);
  if (gzipped.length < bytes.length) await writeFile(`${file}.gz`, gzipped);
}

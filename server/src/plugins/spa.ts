import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { PUBLIC_CONFIG_META_NAME } from '@bankmanager/contracts';

/** Paths owned by the server: an unknown one is a JSON 404, never the SPA's HTML. */
const API_PREFIXES = ['/api/', '/auth/', '/rest/', '/storage/', '/realtime/'];
const isApiPath = (url: string) => API_PREFIXES.some((p) => url === p.slice(0, -1) || url.startsWith(p));

/*
 * Helmet's headers that only a document (or a Flash or IE download) obeys: a script, stylesheet or icon
 * is not one, and with about 20 files on a first visit they would cost ~11 KB on the wire
 * (docs/decisions/0017-wire-budget.md). Files keep nosniff and Cross-Origin-Resource-Policy, which do
 * apply to them; index.html and every /api answer keep all of them.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached and carrying the
 * public config in a <meta> tag, and history fallback so a reload of any client route works.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  let indexHtml: string | undefined;

  const sendIndex = (reply: FastifyReply) => {
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    // Built on first use so that every module has added its public settings by then.
    indexHtml ??= fs
      .readFileSync(indexFile, 'utf8')
      .replace(
        '</head>',
        `<meta name="${PUBLIC_CONFIG_META_NAME}" content="${escapeAttr(JSON.stringify(app.publicConfig))}"></head>`,
      );
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(indexHtml);
  };

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: true,
      // The .br and .gz files the build writes beside each asset, chosen by Accept-Encoding (with Vary).
      preCompressed: true,
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: (res, filePath) => {
        for (const h of DOCUMENT_ONLY_HEADERS) res.raw.removeHeader(h);
        const rel = path.relative(distDir, filePath);
        if (!rel.startsWith(`assets${path.sep}`)) return void res.header('cache-control', 'no-cache');
        // A hashed file never changes, so it is never revalidated: validators would be dead weight.
        res.header('cache-control', 'public, max-age=31536000, immutable');
        res.removeHeader('etag');
        res.removeHeader('last-modified');
      },
    });
  }

  app.get('/', { schema: { hide: true } }, (_req, reply) => sendIndex(reply));
  app.get('/index.html', { schema: { hide: true } }, (_req, reply) => sendIndex(reply));

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (isApiPath(url) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send({ error: `Route ${req.method} ${url} not found` });
    }
    // A missing file with an extension (e.g. an old hashed asset) is a plain 404, not the app.
    if (path.extname(url) !== '') {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    return sendIndex(reply);
  });
}

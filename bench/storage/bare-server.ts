// The floor of bench:storage over HTTP: node:http alone, no app. An upload is piped into a file and
// fsynced (what a durable upload must at least do); a download pipes the last upload back.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/** Listens on a free loopback port (in the calling process) and resolves with it. */
export function startBareServer(dir: string): Promise<number> {
  const file = path.join(dir, 'bare.bin');
  const server = http.createServer((req, res) => {
    const serve = async () => {
      if (req.method === 'POST') {
        await pipeline(req, fs.createWriteStream(file));
        const fh = await fs.promises.open(file, 'r+');
        await fh.sync();
        await fh.close();
        res.end('{}');
      } else {
        res.setHeader('content-length', fs.statSync(file).size);
        await pipeline(fs.createReadStream(file, { highWaterMark: 1024 * 1024 }), res);
      }
    };
    serve().catch(() => res.destroy());
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      resolve(typeof addr === 'object' && addr ? addr.port : 0);
    }),
  );
}

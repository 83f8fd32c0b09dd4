// The client side of bench:storage: node:http with one keep-alive agent, bodies streamed from and to
// files, so a figure is the server's work plus loopback TCP (no process spawn, no buffering).
import fs from 'node:fs';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';

export interface StorageClient {
  /** Resolves with the status once the whole answer has been read (into `saveTo` when given). */
  request(
    method: string,
    route: string,
    opts?: { json?: unknown; file?: string; saveTo?: string; headers?: Record<string, string> },
  ): Promise<number>;
}

export function storageClient(port: number, serviceRoleKey: string, prefix = '/storage/v1'): StorageClient {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const auth = { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` };
  return {
    request: (method, route, opts = {}) =>
      new Promise((resolve, reject) => {
        const headers: Record<string, string> = { ...auth, ...opts.headers };
        const body = opts.json === undefined ? undefined : JSON.stringify(opts.json);
        if (body !== undefined) headers['content-type'] = 'application/json';
        if (opts.file) headers['content-length'] = String(fs.statSync(opts.file).size);
        const req = http.request(
          { host: '127.0.0.1', port, method, path: `${prefix}${route}`, agent, headers },
          (res) => {
            const sink = opts.saveTo ? fs.createWriteStream(opts.saveTo) : undefined;
            const done = sink ? pipeline(res, sink) : (res.resume(), new Promise((r) => res.on('end', r)));
            done.then(() => resolve(res.statusCode ?? 0), reject);
          },
        );
        req.on('error', reject);
        if (opts.file) pipeline(fs.createReadStream(opts.file), req).catch(reject);
        else req.end(body);
      }),
  };
}

import net from 'node:net';

export interface RawAnswer {
  /** 0 when the server closed the connection without an answer. */
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends bytes as they are over a fresh TCP connection (no HTTP client to tidy them up) and reads
 * the answer until the server closes the connection or `timeoutMs` passes. Send
 * `Connection: close` in the request for an answer that ends with the connection.
 *
 * A server that answers (413, 400) before it has read a large body closes a socket with unread bytes
 * in it, and the kernel then resets the connection: a reset can discard the answer already on its way
 * to us. So a connection reset with nothing received is tried again, up to three times in all; a
 * server that never answers still gives status 0.
 */
export async function rawRequest(
  baseUrl: string,
  bytes: Buffer | string,
  timeoutMs = 10_000,
): Promise<RawAnswer> {
  for (let attempt = 1; ; attempt++) {
    const { answer, resetEmpty } = await rawAttempt(baseUrl, bytes, timeoutMs);
    if (!resetEmpty || attempt === 3) return answer;
  }
}

function rawAttempt(
  baseUrl: string,
  bytes: Buffer | string,
  timeoutMs: number,
): Promise<{ answer: RawAnswer; resetEmpty: boolean }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let reset = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (c: Buffer) => chunks.push(c));
    // The server may answer (413, 400) and close before it has read everything we wrote.
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNRESET' || err.code === 'EPIPE') reset = true;
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ answer: parseAnswer(text), resetEmpty: reset && text === '' });
    });
    socket.write(bytes);
  });
}

function parseAnswer(text: string): RawAnswer {
  const m = /^HTTP\/1\.[01] (\d{3})[^\r\n]*\r\n([\s\S]*?)\r\n\r\n([\s\S]*)$/.exec(text);
  if (!m) return { status: 0, headers: {}, body: text };
  const headers: Record<string, string> = {};
  for (const line of m[2]!.split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  let body = m[3]!;
  if (headers['transfer-encoding'] === 'chunked') body = unchunk(body);
  return { status: Number(m[1]), headers, body: Buffer.from(body, 'latin1').toString('utf8') };
}

function unchunk(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const eol = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, eol), 16);
    if (!(size > 0)) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 4 + size);
  }
}

/** An HTTP/1.1 request with a body given as bytes; `Content-Length` is the real length unless set. */
export function httpRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer | string,
): Buffer {
  const payload = body === undefined ? Buffer.alloc(0) : Buffer.from(body);
  const all: Record<string, string> = { host: 'localhost', connection: 'close', ...headers };
  if (body !== undefined && all['content-length'] === undefined)
    all['content-length'] = String(payload.length);
  const head = `${method} ${path} HTTP/1.1\r\n${Object.entries(all)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), payload]);
}

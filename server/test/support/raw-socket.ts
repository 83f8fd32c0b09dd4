import WebSocket from 'ws';

export interface Frame {
  topic: string;
  event: string;
  payload: Record<string, unknown> & { status?: string; response?: { reason?: string } };
  ref: string | null;
}

/** A bare Phoenix socket (vsn 1.0.0) for what the stock client never sends: malformed frames, floods. */
export async function rawSocket(baseUrl: string, apikey: string) {
  const ws = new WebSocket(
    `${baseUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=1.0.0`,
  );
  const frames: Frame[] = [];
  const waiters: (() => void)[] = [];
  let closed: { code: number; reason: string } | null = null;
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  ws.on('message', (data: Buffer) => {
    frames.push(JSON.parse(data.toString('utf8')) as Frame);
    wake();
  });
  // A closed socket never answers; waiters must learn that rather than hang until the test times out.
  ws.on('close', (code: number, reason: Buffer) => {
    closed = { code, reason: reason.toString('utf8') };
    wake();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let ref = 0;
  return {
    ws,
    frames,
    send(data: string | Buffer) {
      ws.send(data);
    },
    /** Sends a message with a fresh ref; resolves with the reply to it. */
    async call(topic: string, event: string, payload: Record<string, unknown>): Promise<Frame> {
      const r = String(++ref);
      ws.send(JSON.stringify({ topic, event, payload, ref: r, join_ref: r }));
      return this.replyTo(r);
    },
    /** Resolves with the reply to ref `r`; rejects if the socket closes or nothing answers within `ms`. */
    async replyTo(r: string | null, ms = 10_000): Promise<Frame> {
      const deadline = Date.now() + ms;
      for (;;) {
        const f = frames.find((x) => x.event === 'phx_reply' && x.ref === r);
        if (f) return f;
        if (closed) throw new Error(`socket closed (${closed.code} ${closed.reason}) before a reply to ${r}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no reply to ${r} within ${ms} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    /** Waits until `n` frames have arrived. */
    async count(n: number): Promise<Frame[]> {
      while (frames.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
      return frames;
    },
    close() {
      ws.close();
    },
  };
}

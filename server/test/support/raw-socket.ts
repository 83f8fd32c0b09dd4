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
  ws.on('message', (data: Buffer) => {
    frames.push(JSON.parse(data.toString('utf8')) as Frame);
    for (const w of waiters.splice(0)) w();
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
    async replyTo(r: string | null): Promise<Frame> {
      for (;;) {
        const f = frames.find((x) => x.event === 'phx_reply' && x.ref === r);
        if (f) return f;
        await new Promise<void>((resolve) => waiters.push(resolve));
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

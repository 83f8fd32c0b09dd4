// Minimal Phoenix (vsn 1.0.0) clients for the realtime bench: thousands of sockets are cheaper raw
// than as supabase-js clients, and the frames are the same ones supabase-js sends.
import WebSocket from 'ws';

export interface PhxFrame {
  topic: string;
  event: string;
  payload: Record<string, unknown>;
  ref: string | null;
}

export class PhxSocket {
  private ref = 0;
  private readonly waiting = new Map<string, (f: PhxFrame) => void>();
  onPush: (f: PhxFrame) => void = () => {};

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const f = JSON.parse(data.toString('utf8')) as PhxFrame;
      const done = f.event === 'phx_reply' && f.ref ? this.waiting.get(f.ref) : undefined;
      if (done && f.ref) {
        this.waiting.delete(f.ref);
        done(f);
      } else this.onPush(f);
    });
  }

  static open(baseUrl: string, apikey: string): Promise<PhxSocket> {
    const ws = new WebSocket(
      `${baseUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=1.0.0`,
    );
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new PhxSocket(ws)));
      ws.once('error', reject);
    });
  }

  call(topic: string, event: string, payload: Record<string, unknown>): Promise<PhxFrame> {
    const r = String(++this.ref);
    return new Promise((resolve) => {
      this.waiting.set(r, resolve);
      this.ws.send(JSON.stringify({ topic, event, payload, ref: r, join_ref: r }));
    });
  }

  async join(topic: string, token: string, config: Record<string, unknown> = {}): Promise<void> {
    const f = await this.call(topic, 'phx_join', { config, access_token: token });
    if (f.payload.status !== 'ok') throw new Error(`join ${topic} refused: ${JSON.stringify(f.payload)}`);
  }

  close() {
    this.ws.close();
  }
}

/** Opens `n` sockets, `batch` at a time (a burst of thousands of upgrades at once is its own test). */
export async function openMany(n: number, open: () => Promise<PhxSocket>, batch = 100): Promise<PhxSocket[]> {
  const out: PhxSocket[] = [];
  while (out.length < n) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(batch, n - out.length) }, open))));
  }
  return out;
}

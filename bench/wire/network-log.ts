import type { CDPSession } from 'playwright-core';

/** Bytes on the wire (DevTools' encodedDataLength: headers and the encoded body) by resource type. */
export type BytesByType = Map<string, number>;

/**
 * Follows the page's requests through the DevTools protocol: each finished request adds its
 * encodedDataLength to the resource type that asked for it. `take()` returns what finished since the
 * last call, so a run is cut into steps.
 */
export async function networkLog(cdp: CDPSession, verbose = false) {
  const types = new Map<string, string>();
  const urls = new Map<string, string>();
  const inflight = new Set<string>();
  let step: BytesByType = new Map();
  let lastActivity = Date.now();

  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (e) => {
    types.set(e.requestId, e.type ?? 'Other');
    urls.set(e.requestId, e.request.url);
    inflight.add(e.requestId);
    lastActivity = Date.now();
  });
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    const type = types.get(e.requestId) ?? 'Other';
    step.set(type, (step.get(type) ?? 0) + e.encodedDataLength);
    if (verbose)
      console.log(
        `  ${String(e.encodedDataLength).padStart(8)}  ${type.padEnd(10)} ${urls.get(e.requestId)}`,
      );
    inflight.delete(e.requestId);
    lastActivity = Date.now();
  });
  cdp.on('Network.loadingFailed', (e) => {
    inflight.delete(e.requestId);
    lastActivity = Date.now();
  });

  return {
    /** Resolves once no request has been in flight for `quietMs` (what the page loads by itself). */
    async settled(quietMs = 500, timeoutMs = 15_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (inflight.size > 0 || Date.now() - lastActivity < quietMs) {
        if (Date.now() > deadline) throw new Error(`network still busy after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    take(): BytesByType {
      const done = step;
      step = new Map();
      return done;
    },
  };
}

export const totalOf = (b: BytesByType) => [...b.values()].reduce((s, n) => s + n, 0);

/** Sums steps into one (the journey `/` then `/signin`). */
export function merge(...steps: BytesByType[]): BytesByType {
  const out: BytesByType = new Map();
  for (const s of steps) for (const [k, v] of s) out.set(k, (out.get(k) ?? 0) + v);
  return out;
}

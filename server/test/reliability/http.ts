/**
 * What a client knows after sending a write. Only an HTTP answer is knowledge; a refused connection
 * means the request never reached a server; anything else (reset, timeout, a server killed while
 * the request was in flight) leaves the client not knowing whether the write happened.
 */
export type Outcome =
  | { kind: 'answered'; status: number; body: unknown }
  | { kind: 'not_sent' }
  | { kind: 'unknown'; reason: string };

const codeOf = (err: unknown): string | undefined => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    if ((e as { cause?: unknown }).cause === e) break;
  }
  return undefined;
};

export async function send(url: string, init: RequestInit, timeoutMs = 15_000): Promise<Outcome> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const code = codeOf(err);
    if (code === 'ECONNREFUSED') return { kind: 'not_sent' };
    return { kind: 'unknown', reason: code ?? (err instanceof Error ? err.name : 'error') };
  }
  try {
    const text = await res.text();
    return { kind: 'answered', status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  } catch (err) {
    // Headers arrived but the body did not: the server died while answering.
    return { kind: 'unknown', reason: codeOf(err) ?? 'body lost' };
  }
}

export const jsonInit = (
  method: string,
  body: unknown,
  headers: Record<string, string> = {},
): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

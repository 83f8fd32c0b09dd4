import type { ZodType } from 'zod';
import { publicConfig } from '@/config/public-config';
import { supabase } from '@/lib/supabase';

/** API base (docs/product.md §9). */
export const API_BASE = '/api';

/** A failed /api call. `message` is the body's `error`, else its `details`, else the status text. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly statusText: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The message the body carries (`error`, else `details` when it is a string), if any. */
export function bodyMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { error, details } = body as { error?: unknown; details?: unknown };
  if (typeof error === 'string' && error) return error;
  if (typeof details === 'string' && details) return details;
  if (details != null && typeof details === 'object') return JSON.stringify(details);
  return undefined;
}

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Validates the response body; without it the body is returned as is. */
  schema?: ZodType<T>;
  credentials?: RequestCredentials;
  /** Sees the raw response (e.g. to read `X-Total-Count`) before the body is returned. */
  onResponse?: (res: Response) => void;
}

/** Bearer token of the signed-in user, else the public key (docs/product.md §6). */
async function authHeaders(): Promise<Record<string, string>> {
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  return token ? { Authorization: `Bearer ${token}` } : { 'x-api-key': publicConfig.anonKey };
}

export async function apiRequest<T = unknown>(path: string, opts: ApiRequestOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...(await authHeaders()) };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${API_BASE}${path}`, {
    method: opts.method ?? 'GET',
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
    credentials: opts.credentials ?? 'same-origin',
  });
  opts.onResponse?.(res);
  const body = await jsonBody(res);
  return opts.schema ? opts.schema.parse(body) : (body as T);
}

/** The answer's body (JSON, else its text); an ApiError carrying it when the status is not 2xx. */
async function jsonBody(res: Response): Promise<unknown> {
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (!res.ok)
    throw new ApiError(
      bodyMessage(body) ?? (res.statusText || `HTTP ${res.status}`),
      res.status,
      res.statusText,
      body,
    );
  return body;
}

/**
 * The bytes of an authenticated /api file (a statement, a customer's photo): an <img src> or a link
 * cannot carry the bearer token, so files are fetched here and shown through a blob URL.
 */
export async function apiBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const res = await fetch(`${API_BASE}${path}`, { headers: await authHeaders(), signal });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => undefined);
    throw new ApiError(
      bodyMessage(body) ?? (res.statusText || `HTTP ${res.status}`),
      res.status,
      res.statusText,
      body,
    );
  }
  return res.blob();
}

/** POSTs a multipart form (file uploads); the browser sets the boundary, so no Content-Type here. */
export async function apiUpload<T = unknown>(path: string, form: FormData): Promise<T> {
  const res = await fetch(`${API_BASE}${path}`, {
    method: 'POST',
    headers: { Accept: 'application/json', ...(await authHeaders()) },
    body: form,
  });
  return (await jsonBody(res)) as T;
}

/** Downloads a file from the API (with the user's token) and saves it under `filename`. */
export async function apiDownload(path: string, filename: string): Promise<void> {
  const url = URL.createObjectURL(await apiBlob(path));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const api = {
  get: <T>(path: string, opts: Omit<ApiRequestOptions<T>, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, opts: Omit<ApiRequestOptions<T>, 'method'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'POST' }),
  put: <T>(path: string, opts: Omit<ApiRequestOptions<T>, 'method'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'PUT' }),
  patch: <T>(path: string, opts: Omit<ApiRequestOptions<T>, 'method'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'PATCH' }),
};

import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import type { App } from '../../src/app.ts';
import { keysOf, newIdentity } from './auth-clients.ts';

/**
 * The stock supabase-js client as the SPA creates it, with realtime over `ws`: Node 20 has no global
 * WebSocket, and `transport` is realtime-js's own documented way to supply one.
 */
export function realtimeClient(baseUrl: string, key: string, options: { heartbeatIntervalMs?: number } = {}) {
  return createClient(baseUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never, ...options },
  });
}

/** A signed-up user (pending activation) with a realtime-capable client. */
export async function realtimeUser(
  baseUrl: string,
  app: App,
  prefix = 'rt',
  options: { heartbeatIntervalMs?: number } = {},
) {
  const id = newIdentity(prefix);
  const c = realtimeClient(baseUrl, keysOf(app).anonKey, options);
  const { data, error } = await c.auth.signUp({
    email: id.email,
    password: id.password,
    options: { data: id.data },
  });
  if (error) throw error;
  if (!data.session) throw new Error('expected a session (autoconfirm)');
  return { client: c, userId: data.session.user.id, session: data.session, id };
}

export type SubscribeOutcome = { status: string; error?: Error };

/** Every status each subscribed channel went through, for a failure's message (a rejoin loses changes). */
export const channelStatuses = new WeakMap<RealtimeChannel, string[]>();

/** Subscribes and resolves with the first outcome: SUBSCRIBED, CHANNEL_ERROR, TIMED_OUT or CLOSED. */
export function subscribe(channel: RealtimeChannel): Promise<SubscribeOutcome> {
  const statuses: string[] = [];
  channelStatuses.set(channel, statuses);
  return new Promise((resolve) => {
    let done = false;
    channel.subscribe((status, error) => {
      statuses.push(error ? `${status}: ${error.message}` : status);
      if (done) return;
      done = true;
      resolve({ status, ...(error && { error }) });
    });
  });
}

/**
 * Collects what a callback receives; `next(n)` waits for the n-th item, and fails after `waitMs` with
 * what did arrive (and `why()`, e.g. the channel's statuses), rather than at the test's own timeout.
 */
export function inbox<T>(waitMs = 30_000, why: () => string = () => '') {
  const items: T[] = [];
  const waiters: { n: number; resolve: (v: T[]) => void }[] = [];
  return {
    items,
    push(item: T) {
      items.push(item);
      for (const w of [...waiters]) {
        if (items.length >= w.n) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(items);
        }
      }
    },
    /**
     * Runs `action` and waits for the item it causes. The count is taken before the action: its item
     * can arrive before the action's own promise resolves, and a count taken after would wait forever.
     */
    async after(action: () => Promise<unknown>): Promise<T[]> {
      const n = items.length + 1;
      await action();
      return this.next(n);
    },
    next(n = items.length + 1): Promise<T[]> {
      if (items.length >= n) return Promise.resolve(items);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`waited ${waitMs} ms for item ${n}, got ${items.length}. ${why()}`));
        }, waitMs);
        const waiter = {
          n,
          resolve: (v: T[]) => {
            clearTimeout(timer);
            resolve(v);
          },
        };
        waiters.push(waiter);
      });
    },
  };
}

/** Resolves when the predicate is true, checking every 10 ms (the test's own timeout bounds it). */
export async function until(predicate: () => boolean): Promise<void> {
  while (!predicate()) await new Promise((r) => setTimeout(r, 10));
}

/** Disconnects each client's socket (leaving channels one by one would wait on sockets already closed). */
export function closeAll(clients: SupabaseClient[]): Promise<void> {
  for (const c of clients) void c.realtime.disconnect();
  return Promise.resolve();
}

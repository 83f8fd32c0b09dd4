import { createClient } from '@supabase/supabase-js';
import { SMTPServer } from 'smtp-server';
import type { App } from '../../src/app.ts';

let seq = 0;
/** A unique e-mail and a unique 11-digit mobile number per call (mobile numbers are unique). */
export function newIdentity(prefix = 'user') {
  seq += 1;
  const n = `${process.pid % 10_000}${String(seq).padStart(4, '0')}`;
  return {
    email: `${prefix}.${n}@bank.sl`,
    password: 'correct-horse-1',
    data: {
      fullName: `Test ${prefix} ${n}`,
      mobileNo: `232${n.padStart(8, '0')}`.slice(0, 11),
      bank_code: 'CB',
    },
  };
}

/** The stock supabase-js client, as the SPA creates it, against our server. */
export function client(baseUrl: string, key: string) {
  return createClient(baseUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

export function keysOf(app: App) {
  return { anonKey: app.authService.anonKey, serviceKey: app.authService.serviceRoleKey };
}

export async function signedUpClient(baseUrl: string, app: App, prefix = 'user') {
  const id = newIdentity(prefix);
  const c = client(baseUrl, keysOf(app).anonKey);
  const { data, error } = await c.auth.signUp({
    email: id.email,
    password: id.password,
    options: { data: id.data },
  });
  if (error) throw error;
  if (!data.session) throw new Error('expected a session (autoconfirm)');
  return { client: c, id, session: data.session, userId: data.session.user.id };
}

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on a free port that keeps every message (the tests' mail sink). */
export async function startSmtpSink() {
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Resolves with the first mail to `to` whose text matches, waiting up to 5 s. */
    async waitFor(to: string, match: RegExp = /./): Promise<ReceivedMail> {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = mails.find((m) => m.to.includes(to) && match.test(m.raw));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${String(match)}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code and the verify link of an auth mail (quoted-printable soft breaks undone). */
export function parseAuthMail(raw: string): { code: string; link: string | undefined } {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const code = /Your code: (\d{6})/.exec(text)?.[1];
  if (!code) throw new Error(`no code in mail:\n${text}`);
  const link = /(https?:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(text)?.[1];
  return { code, link };
}

import { afterAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { buildApp, type App } from '../../app.ts';
import { createTestDb, testConfig } from '../../../test/support/harness.ts';
import { mailOutbox } from '../../db/schema/auth.ts';
import { parseAuthMail, startSmtpSink } from '../../../test/support/auth-clients.ts';
import type { Config } from '../../config.ts';

/**
 * Finding 8 of the security review (docs/security.md): with SMTP_URL unset every code and link was
 * logged at info level, and mail_outbox kept bodies with plaintext codes after sending. Outside demo
 * mode a code or link never reaches the log, and sent mail is kept without them; demo mode keeps the
 * log convenience.
 */
describe('security: codes and links stay out of logs and sent mail (finding 8)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  /** The real app with its log captured, and a confirmed user who asks for a password reset. */
  async function resetWithLog(overrides: Partial<Config>) {
    const db = await createTestDb();
    const lines: string[] = [];
    const app: App = await buildApp({
      config: testConfig(overrides),
      db,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    await app.ready();
    cleanups.push(
      () => db.close(),
      () => app.close(),
    );
    const email = `reset.${Date.now()}.${cleanups.length}@bank.sl`;
    const created = await app.inject({
      method: 'POST',
      url: '/auth/v1/admin/users',
      headers: {
        apikey: app.authService.serviceRoleKey,
        authorization: `Bearer ${app.authService.serviceRoleKey}`,
      },
      payload: {
        email,
        password: 'correct-horse-1',
        email_confirm: true,
        user_metadata: {
          fullName: 'Reset Me',
          mobileNo: `232${String(Date.now()).slice(-8)}`,
          bank_code: 'CB',
        },
      },
    });
    expect(created.statusCode).toBe(200);
    const res = await app.inject({
      method: 'POST',
      url: '/auth/v1/recover',
      headers: { apikey: app.authService.anonKey, 'content-type': 'application/json' },
      payload: { email },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await db.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    return { email, log: lines.join('\n'), row: row! };
  }

  it('without SMTP, outside demo mode: the log names the outbox row, never the code or the link', async () => {
    const { log, row } = await resetWithLog({ demoData: false, smtpUrl: undefined });
    const { code, link } = parseAuthMail(row.body); // the unsent outbox row is the delivery
    const token = new URL(link!).searchParams.get('token')!;
    expect(log).toContain('mail_outbox');
    expect(log).not.toContain(code);
    expect(log).not.toContain(token);
    expect(log).not.toContain('/auth/v1/verify');
  });

  it('with SMTP: the mail carries the code, the outbox row keeps the mail without it', async () => {
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const { email, log, row } = await resetWithLog({ demoData: false, smtpUrl: sink.url });
    const { code, link } = parseAuthMail((await sink.waitFor(email, /reset/i)).raw);
    const token = new URL(link!).searchParams.get('token')!;
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.body).not.toContain(code);
    expect(row.body).not.toContain(token);
    expect(row.body).toContain('[removed after sending]');
    expect(log).not.toContain(code);
    expect(log).not.toContain(token);
  });

  it('demo mode keeps the convenience: the code is in the log', async () => {
    const { log, row } = await resetWithLog({ demoData: true, smtpUrl: undefined });
    const { code } = parseAuthMail(row.body);
    expect(log).toContain(`Your code: ${code}`);
  });
});

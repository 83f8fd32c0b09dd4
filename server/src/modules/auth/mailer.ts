import nodemailer, { type Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/auth.ts';
import { emailRateLimited } from './errors.ts';
import { hit } from './rate-limits.ts';

export type MailKind =
  | 'confirmation'
  | 'recovery'
  | 'magiclink'
  | 'invite'
  | 'reauthentication'
  | 'email_change'
  | 'email_change_current'
  | 'email_changed_notice';

export interface Mail {
  to: string;
  kind: MailKind;
  subject: string;
  text: string;
}

/**
 * Sends auth mail over SMTP when SMTP_URL is set; otherwise records it in `mail_outbox` and logs it,
 * so a server without mail still works (and an operator can read the link from the log).
 */
export class Mailer {
  private readonly transport: Transporter | undefined;

  constructor(
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  }

  /**
   * Counts against the per-recipient and global limits (429 over_email_send_rate_limit). Call it before
   * any work whose outcome would reveal whether the address exists.
   */
  async checkRate(db: Database, to: string): Promise<void> {
    const { emailMinIntervalSeconds, emailRatePerHour } = this.config.auth;
    if (
      emailMinIntervalSeconds > 0 &&
      (await hit(db, `mail:${to.toLowerCase()}`, emailMinIntervalSeconds)) > 1
    ) {
      throw emailRateLimited();
    }
    if ((await hit(db, 'mail:all', 3600)) > emailRatePerHour) throw emailRateLimited();
  }

  async send(db: Database, mail: Mail): Promise<void> {
    const [row] = await db
      .insert(mailOutbox)
      .values({ recipient: mail.to, subject: mail.subject, body: mail.text, kind: mail.kind })
      .returning({ id: mailOutbox.id });
    if (!this.transport) {
      this.log.info(
        { to: mail.to, kind: mail.kind, outboxId: row?.id },
        `mail (no SMTP configured): ${mail.subject}\n${mail.text}`,
      );
      return;
    }
    await this.transport.sendMail({
      from: this.config.smtpFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    });
    if (row) await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
  }
}

const TEMPLATES: Record<MailKind, { subject: string; lead: string }> = {
  confirmation: {
    subject: 'Confirm your BankManager account',
    lead: 'Confirm your e-mail address to finish signing up.',
  },
  recovery: {
    subject: 'Reset your BankManager password',
    lead: 'Someone asked to reset the password of this account.',
  },
  magiclink: { subject: 'Your BankManager sign-in link', lead: 'Use this link or code to sign in.' },
  invite: { subject: 'You are invited to BankManager', lead: 'An administrator invited you to BankManager.' },
  reauthentication: { subject: 'Confirm it is you', lead: 'Enter this code to confirm the change.' },
  email_change: {
    subject: 'Confirm your new e-mail address',
    lead: 'Confirm the change of e-mail address for your account.',
  },
  email_change_current: {
    subject: 'Confirm the change of your e-mail address',
    lead: 'Someone asked to move this BankManager account to another e-mail address. If it was you, confirm with this code; if not, change your password and tell your administrator.',
  },
  email_changed_notice: {
    subject: 'Your BankManager e-mail address was changed',
    lead: 'The e-mail address of your BankManager account was changed.',
  },
};

/** A notice without a code (e.g. to the old address after an e-mail change). */
export function composeNotice(kind: MailKind, to: string, detail: string): Mail {
  const t = TEMPLATES[kind];
  const text = [t.lead, '', detail, '', 'If this was not you, tell your administrator at once.'].join('\n');
  return { to, kind, subject: t.subject, text };
}

export function composeMail(kind: MailKind, to: string, code: string, link: string | undefined): Mail {
  const t = TEMPLATES[kind];
  const lines = [t.lead, '', `Your code: ${code}`];
  if (link) lines.push('', `Or open this link: ${link}`);
  lines.push('', 'If you did not ask for this, ignore this message.');
  return { to, kind, subject: t.subject, text: lines.join('\n') };
}

/**
 * E-mail transport: SMTP through nodemailer when SMTP_URL is set, otherwise every message is
 * written as an .eml file into DATA_DIR/outbox, so sign-up works offline.
 *
 * Nothing calls this from a request: services write to the outbox table (./outbox.ts) in their
 * transaction and the outbox worker hands each message to this transport.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

/** A file sent with a message (nodemailer's attachment shape). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Stable Message-ID (the outbox row's), so a receiving server can drop a repeated delivery. */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  readonly kind: 'smtp' | 'outbox';
}

/** SMTP waits: shorter than the outbox lease, so a send never outlives its claim. */
export const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
  /** Links of offline mail go to the log in development only: they carry sign-in secrets. */
  logLinks: boolean;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl, SMTP_TIMEOUTS);
    return {
      kind: 'smtp',
      async send(m) {
        await transport.sendMail({ from: opts.from, ...m });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(m) {
      const info = await transport.sendMail({ from: opts.from, ...m });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(opts.outboxDir, `${stamp}-${crypto.randomBytes(3).toString('hex')}.eml`);
      // Written under a temporary name and renamed, so a reader never sees half a message.
      await fs.writeFile(`${file}.tmp`, info.message as Buffer);
      await fs.rename(`${file}.tmp`, file);
      if (opts.logLinks) {
        const links = m.text.match(/https?:\/\/\S+/g) ?? [];
        opts.log.info({ to: m.to, subject: m.subject, file, links }, 'e-mail written to outbox');
      } else {
        opts.log.info({ file }, 'e-mail written to outbox');
      }
    },
  };
}

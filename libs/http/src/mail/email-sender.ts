import { Logger } from '@nestjs/common';
import { mkdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { settings } from '@hc/contracts';

export interface OutgoingEmail {
  to: { name: string; address: string };
  subject: string;
  text: string;
}

/** Sends one email; rejects when it could not be handed to the mail server. */
export interface EmailSender {
  send(email: OutgoingEmail): Promise<void>;
  close?(): void;
}

export const EMAIL_SENDER = Symbol('EMAIL_SENDER');

/** `HC_SMTP_URL` set: nodemailer over SMTP (`smtp://user:pass@host:587`, `smtps://…`). */
export class SmtpEmailSender implements EmailSender {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(url);
  }

  async send(email: OutgoingEmail): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: email.to,
      subject: email.subject,
      text: email.text,
    });
  }

  close(): void {
    this.transport.close();
  }
}

/**
 * The development mailbox (no `HC_SMTP_URL`; production refuses to start without it): each
 * email is written as an `.eml` file under `HC_DATA_DIR/mail`, which a mail client opens; the
 * log names the file, never its content (docs/development.md "Mail").
 */
export class MailboxEmailSender implements EmailSender {
  private readonly logger = new Logger('Email');
  /** nodemailer's stream transport: builds the RFC 5322 message and hands it back. */
  private readonly composer = createTransport({ streamTransport: true, buffer: true });

  constructor(
    readonly directory: string,
    private readonly from: string,
  ) {}

  async send(email: OutgoingEmail): Promise<void> {
    const info = await this.composer.sendMail({
      from: this.from,
      to: email.to,
      subject: email.subject,
      text: email.text,
    });
    const message = info.message as Buffer;
    await mkdir(this.directory, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
    await writeFile(join(this.directory, name), message);
    this.logger.log(`email to ${email.to.address} written to ${join(this.directory, name)}`);
  }
}

/** Where development mail goes: `HC_DATA_DIR/mail`. */
export function mailboxDirectory(): string {
  return join(settings().dataDir, 'mail');
}

export function createEmailSender(): EmailSender {
  const s = settings();
  return s.smtpUrl
    ? new SmtpEmailSender(s.smtpUrl, s.emailFrom)
    : new MailboxEmailSender(mailboxDirectory(), s.emailFrom);
}

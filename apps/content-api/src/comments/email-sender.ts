import { Logger } from '@nestjs/common';
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

/** The default on one machine: the email is written to the log instead of being sent. */
export class LogEmailSender implements EmailSender {
  private readonly logger = new Logger('Email');

  async send(email: OutgoingEmail): Promise<void> {
    this.logger.log(`to ${email.to.address}: ${email.subject}\n${email.text}`);
  }
}

export function createEmailSender(): EmailSender {
  const s = settings();
  return s.smtpUrl ? new SmtpEmailSender(s.smtpUrl, s.emailFrom) : new LogEmailSender();
}

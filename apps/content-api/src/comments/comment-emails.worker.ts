import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  Optional,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { CommentEmailsRepository } from './comment-emails.repository';
import { EMAIL_SENDER, EmailSender, LogEmailSender } from './email-sender';

const POLL_MS = 2_000;
const BATCH = 20;

/**
 * Sends the comment email outbox. Runs inside the HTTP app only (the operator CLI builds the
 * same modules without an HTTP adapter and must exit at once); a commit that queues an email
 * wakes it, and it also polls, so emails queued by another replica or left by a crash go out.
 */
@Injectable()
export class CommentEmailsWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CommentEmails');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    private readonly emails: CommentEmailsRepository,
    @Inject(EMAIL_SENDER) private readonly sender: EmailSender,
    @Optional() private readonly adapterHost?: HttpAdapterHost,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.adapterHost?.httpAdapter) return;
    this.logger.log(
      this.sender instanceof LogEmailSender
        ? 'comment emails are written to the log (set HC_SMTP_URL to send them)'
        : 'comment emails are sent by SMTP',
    );
    this.stopped = false;
    this.schedule(0);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    this.sender.close?.();
  }

  /** Called after a commit that queued an email. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.drain()
        .then(() => undefined)
        .catch((err: unknown) => this.logger.error(`sending comment emails failed: ${String(err)}`))
        .finally(() => {
          this.running = null;
          const again = this.again;
          this.again = false;
          this.schedule(again ? 0 : POLL_MS);
        });
    }, ms);
    this.timer.unref();
  }

  /** Sends every due email; returns how many were sent. */
  async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.emails.claim(BATCH);
      if (batch.length === 0) return sent;
      for (const email of batch) {
        try {
          await this.sender.send({
            to: { name: email.recipientName, address: email.recipientEmail },
            subject: email.subject,
            text: email.body,
          });
          await this.emails.markSent(email.id);
          sent += 1;
        } catch (err) {
          this.logger.warn(`email ${email.id} (attempt ${email.attempts}) failed: ${String(err)}`);
          await this.emails.markFailed(email, String(err));
        }
      }
      if (this.stopped) return sent;
    }
  }
}

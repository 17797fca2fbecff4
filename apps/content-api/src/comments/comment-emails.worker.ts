import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import {
  EMAIL_SENDER,
  EmailSender,
  MailboxEmailSender,
  PollingWorker,
  scrapedGauge,
} from '@hc/http';
import { CommentEmailsRepository } from './comment-emails.repository';

const POLL_MS = 2_000;
const BATCH = 20;

/** Sends the comment email outbox; a commit that queues an email wakes it. */
@Injectable()
export class CommentEmailsWorker extends PollingWorker {
  protected readonly logger = new Logger('sending comment emails');
  protected readonly pollMs = POLL_MS;

  constructor(
    private readonly emails: CommentEmailsRepository,
    @Inject(EMAIL_SENDER) private readonly sender: EmailSender,
    @Optional() adapterHost?: HttpAdapterHost,
  ) {
    super(adapterHost);
  }

  onModuleInit(): void {
    scrapedGauge('hc_email_queue_depth', 'Comment emails waiting to be sent', () =>
      this.emails.queueDepthAcrossSites(),
    );
  }

  protected override onStart(): void {
    this.logger.log(
      this.sender instanceof MailboxEmailSender
        ? `comment emails are written to ${this.sender.directory} (set HC_SMTP_URL to send them)`
        : 'comment emails are sent by SMTP',
    );
  }

  protected override async onStop(): Promise<void> {
    this.sender.close?.();
  }

  /** Sends every due email; returns how many were sent. */
  async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.emails.claimAcrossSites(BATCH);
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

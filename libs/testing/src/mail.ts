import type { INestApplication } from '@nestjs/common';
import { EMAIL_SENDER, type EmailSender, type OutgoingEmail } from '@hc/http';

/** The emails an app under test sent, kept instead of written or sent (issue 38). */
export interface MailCapture {
  sent: OutgoingEmail[];
  /** The emails to `address`, oldest first. */
  to(address: string): OutgoingEmail[];
  /** The path of the last link to `address` starting with `prefix` (a path such as `/signin/`). */
  link(address: string, prefix: string): string;
}

/** Replaces the app's `EMAIL_SENDER` delivery with a list the test reads. */
export function captureMail(app: INestApplication): MailCapture {
  const sent: OutgoingEmail[] = [];
  const sender = app.get<EmailSender>(EMAIL_SENDER);
  sender.send = async (email) => {
    sent.push(email);
  };
  const to = (address: string) =>
    sent.filter((m) => m.to.address.toLowerCase() === address.toLowerCase());
  return {
    sent,
    to,
    link(address, prefix) {
      const found = to(address)
        .flatMap((m) => [...m.text.matchAll(/https?:\/\/\S+/g)].map((x) => new URL(x[0]).pathname))
        .filter((path) => path.startsWith(prefix));
      const last = found.at(-1);
      if (!last) throw new Error(`no ${prefix} link was mailed to ${address}`);
      return last;
    },
  };
}

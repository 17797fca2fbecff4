import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The stack's development mailbox: each email an `.eml` file under HC_DATA_DIR/mail (issue 38). */
const MAILBOX = path.join(process.env.HC_E2E_DATA_DIR as string, 'mail');

/** The text of an RFC 5322 message, quoted-printable undone. */
function decoded(eml: string): string {
  return eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The path of the newest link starting with `prefix` mailed to `to`, as a person finds it in the
 * development mailbox (docs/development.md "Mail"); waits for the email (sent after the answer).
 */
export async function mailedLink(to: string, prefix: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = (await readdir(MAILBOX).catch(() => [] as string[])).sort().reverse();
    for (const name of names) {
      const text = decoded(await readFile(path.join(MAILBOX, name), 'utf8'));
      if (!new RegExp(`^To: .*<?${to.replace(/[.+]/g, '\\$&')}>?`, 'mi').test(text)) continue;
      const link = [...text.matchAll(/https?:\/\/[^\s]+/g)]
        .map((m) => new URL(m[0]).pathname)
        .find((p) => p.startsWith(prefix));
      if (link) return link;
    }
    if (Date.now() > deadline) throw new Error(`no ${prefix} link was mailed to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

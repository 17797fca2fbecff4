import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';

/** No email is longer (RFC 5321); longer input is refused before any lookup. */
const EMAIL_MAX = 254;

/**
 * The account a platform password form guesses at, in canonical form (issue 34 item 4): the
 * person's id once an account has the email (compared as the database compares it, so `José`,
 * `jose` and `JOSE` find the same row), otherwise the email in the form of the `users.email`
 * collation (`utf8mb4_unicode_ci`, its `WEIGHT_STRING`): every spelling the database treats as
 * equal gives one key, so they share one password budget.
 */
export async function canonicalUserAccount(ds: DataSource, email: string): Promise<string> {
  const text = email.trim();
  if (text.length > EMAIL_MAX) return `user:text:${digest(text.toLowerCase())}`;
  const [row] = (await ds.query(
    `SELECT (SELECT id FROM users WHERE email = ? ORDER BY id LIMIT 1) AS id,
            HEX(WEIGHT_STRING(CONVERT(? USING utf8mb4) COLLATE utf8mb4_unicode_ci)) AS form`,
    [text, text],
  )) as { id: number | string | null; form: string | null }[];
  return row?.id !== null && row?.id !== undefined
    ? `user:id:${Number(row.id)}`
    : `user:email:${digest(row?.form ?? text.toLowerCase())}`;
}

function digest(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 32);
}

import { createHash, timingSafeEqual } from 'node:crypto';

/** Whether `sent` is `secret`, in time that does not depend on where they differ. */
export function sameSecret(sent: string, secret: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(sent), digest(secret));
}

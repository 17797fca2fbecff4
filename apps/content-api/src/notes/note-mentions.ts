import { settings } from '@hc/contracts';
import type { SiteId } from '@hc/contracts';

/** A member who may be mentioned: on the site with team-notes access (only they read notes). */
export interface NotesMember {
  id: number;
  name: string;
  email: string;
}

/** At most this many mention emails per recipient in an hour; further mentions send none. */
export const MENTION_MAILS_PER_HOUR = 20;

/** The outbox `kind` of a mention email: once per note (thread or reply) and recipient. */
export function mentionKind(where: { threadId: number; replyId?: number }, userId: number): string {
  const note = where.replyId === undefined ? `t${where.threadId}` : `r${where.replyId}`;
  return `mention:${note}:u${userId}`;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The members a note's plain text mentions: `@` then a member's name (case-insensitive), not
 * followed by a letter or digit (`@Ann` does not mention Anna). A longer name wins over its
 * prefix at the same `@` (`@Ann Lee` mentions Ann Lee, not Ann). Never the author.
 */
export function mentionedMembers(
  text: string,
  members: readonly NotesMember[],
  authorId: number,
): NotesMember[] {
  const lower = text.toLocaleLowerCase();
  const byLength = [...members]
    .filter((m) => m.name.trim() !== '')
    .sort((a, b) => b.name.length - a.name.length);
  const found = new Map<number, NotesMember>();
  for (let at = lower.indexOf('@'); at >= 0; at = lower.indexOf('@', at + 1)) {
    const match = byLength.find((m) => {
      const name = m.name.trim().toLocaleLowerCase();
      if (!lower.startsWith(name, at + 1)) return false;
      const next = text[at + 1 + name.length];
      return next === undefined || !LETTER_OR_DIGIT.test(next);
    });
    if (match && match.id !== authorId) found.set(match.id, match);
  }
  return [...found.values()];
}

/** The mention email: plain text (the note as written, never markup), with the article's link. */
export function mentionEmail(input: {
  siteId: SiteId;
  articleId: number;
  articleTitle: string;
  authorName: string;
  text: string;
}): { subject: string; body: string } {
  const link = `${settings().dashboardUrl}/app/sites/${input.siteId}/articles/${input.articleId}`;
  return {
    subject: `${input.authorName} mentioned you in a team note on "${input.articleTitle}"`,
    body: `${input.authorName} wrote:\n\n${input.text}\n\nOpen the article: ${link}\n`,
  };
}

import { formatB, settings } from '@hc/contracts';
import type { CommentRow } from './comments.repository';

/** Comment text is plain text: shown as HTML it is escaped, line breaks kept (spec 4.9). */
export function plainTextToHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/\r\n|\r|\n/g, '<br>');
}

/**
 * A comment on the wire (decisions.md "Comments"). The commenter's email and IP are not in
 * CommentRow at all, so no response can carry them (spec 2.10).
 */
export function toCommentResponse(c: CommentRow) {
  const base = settings().apiBaseUrl;
  return {
    id: c.id,
    article_id: c.articleId,
    parent_id: c.parentId,
    lang: c.lang,
    status: c.status,
    text: c.body,
    html: plainTextToHtml(c.body),
    author: {
      id: c.authorUserId,
      name: c.authorName,
      avatar: c.authorAvatar,
      type: c.authorUserId === null ? 'reader' : 'team',
    },
    created_at: formatB(c.createdAt),
    updated_at: formatB(c.updatedAt),
    _links: {
      moderate: { method: 'PATCH', url: `${base}/comments/${c.id}` },
      thread: { method: 'GET', url: `${base}/articles/${c.articleId}/comments` },
    },
  };
}

export type CommentResponse = ReturnType<typeof toCommentResponse>;
export type CommentThreadResponse = CommentResponse & { replies: CommentThreadResponse[] };

/**
 * Threads with replies nested under their parent, at any depth. A reply whose parent is not in
 * `rows` (filtered out by state or language) starts a thread of its own, keeping its
 * `parent_id`. Threads newest first; replies oldest first. `rows` come oldest first.
 */
export function toThreads(rows: CommentRow[]): CommentThreadResponse[] {
  const nodes = new Map<number, CommentThreadResponse>();
  for (const r of rows) nodes.set(r.id, { ...toCommentResponse(r), replies: [] });
  const roots: CommentThreadResponse[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId === null ? undefined : nodes.get(r.parentId);
    if (parent) parent.replies.push(node);
    else roots.push(node);
  }
  return roots.reverse();
}

import { formatB, settings } from '@hc/contracts';
import type { NoteReplyRow, NoteThreadRow } from './notes.repository';

/** Spec 2.10 team-note thread: id, note, anchor {mark_id, quote}, author, resolved, replies, _links. */
export function toNoteThreadResponse(t: NoteThreadRow) {
  const base = `${settings().apiBaseUrl}/articles/${t.articleId}/notes/${t.id}`;
  return {
    id: t.id,
    note: t.body,
    anchor: { mark_id: t.markId, quote: t.quote },
    author: t.author,
    resolved: t.resolvedAt !== null,
    resolved_at: t.resolvedAt === null ? null : formatB(t.resolvedAt),
    lang: t.lang,
    replies: t.replies.map(toNoteReplyResponse),
    created_at: formatB(t.createdAt),
    updated_at: formatB(t.updatedAt),
    _links: {
      reply: { method: 'POST', url: `${base}/replies` },
      resolve: { method: 'POST', url: `${base}/resolve` },
    },
  };
}

export function toNoteReplyResponse(r: NoteReplyRow) {
  return { id: r.id, note: r.body, author: r.author, created_at: formatB(r.createdAt) };
}

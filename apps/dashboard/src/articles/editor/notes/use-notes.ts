import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '@hc/client';

export type NoteThread = components['schemas']['NoteThread'];

const notesKey = (siteId: number, articleId: number, lang: string, resolved: boolean) => [
  'notes',
  siteId,
  articleId,
  lang,
  resolved,
];

/** An article's team-note threads in one language (spec 4.9; resolved ones on request). */
export function useNotes(siteId: number, articleId: number, lang: string, resolved: boolean) {
  return useQuery({
    queryKey: notesKey(siteId, articleId, lang, resolved),
    queryFn: () =>
      unwrap(
        api.GET('/v1/articles/{id}/notes', {
          params: {
            path: { id: articleId },
            query: { lang, ...(resolved ? { include_resolved: '1' as const } : {}) },
          },
        }),
      ),
  });
}

/** A new thread on selected text (POST /v1/articles/{id}/notes, dashboard only). */
export interface NewNote {
  lang: string;
  quote: string;
  occurrence: number;
  text: string;
}

/** Start (dashboard only), reply, resolve; each refreshes the article's threads. */
export function useNoteActions(siteId: number, articleId: number) {
  const queries = useQueryClient();
  const refresh = () => void queries.invalidateQueries({ queryKey: ['notes', siteId, articleId] });
  const thread = (noteId: number) => ({ params: { path: { id: articleId, noteId } } });
  return {
    start: useMutation({
      mutationFn: ({ id, ...body }: NewNote & { id: number }) =>
        unwrap(api.POST('/v1/articles/{id}/notes', { params: { path: { id } }, body })),
      onSettled: (_data, _error, { id }) =>
        void queries.invalidateQueries({ queryKey: ['notes', siteId, id] }),
    }),
    reply: useMutation({
      mutationFn: ({ noteId, text }: { noteId: number; text: string }) =>
        unwrap(
          api.POST('/v1/articles/{id}/notes/{noteId}/replies', {
            ...thread(noteId),
            body: { text },
          }),
        ),
      onSettled: refresh,
    }),
    resolve: useMutation({
      mutationFn: (noteId: number) =>
        unwrap(api.POST('/v1/articles/{id}/notes/{noteId}/resolve', thread(noteId))),
      onSettled: refresh,
    }),
  };
}

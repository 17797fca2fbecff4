import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiRequestError, unwrap } from '../api/client';
import type { SessionSite } from '../api/contract';
import { editorApi, getArticle } from '../articles/editor/api';
import { ArticleSession } from '../articles/editor/session';
import { PAGE_SIZE } from '../ui/paging';
import { withAlt } from './alt';

/** The library's page (session only): every image with the translations using it. */
export function useImageLibrary(siteId: number, page: number) {
  return useQuery({
    queryKey: ['images', siteId, page],
    queryFn: () =>
      unwrap(api.GET('/v1/dashboard/images', { params: { query: { page, limit: PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });
}

export type LibraryImage = NonNullable<
  ReturnType<typeof useImageLibrary>['data']
>['images'][number];
export type ImageUse = LibraryImage['used_in'][number];

export interface AltEdit {
  url: string;
  use: ImageUse;
  alt: string;
}

/**
 * Writes an alt where the image is used: through the article API, exactly as the editor saves
 * (`ArticleSession`): a draft or a published article without staging is changed at once (with
 * `base_revision`), a published article on a plan with staging gets the change in its staged
 * copy, published with "Publish changes" like any edit. A conflict is reported, never overwritten.
 */
export async function saveAlt(site: SessionSite, edit: AltEdit): Promise<'saved' | 'staged'> {
  const session = new ArticleSession({
    api: editorApi,
    defaultLanguage: site.default_language,
    languages: site.languages,
    staging: site.staging,
  });
  try {
    await session.open(await getArticle(edit.use.article_id));
    const { fields, mode } = session.view();
    const current = fields[edit.use.lang];
    const content = current && withAlt(current.content, edit.url, edit.alt);
    if (!current || content === null)
      throw new Error('The image is no longer in this translation. Reload the list.');
    session.change({ ...fields, [edit.use.lang]: { ...current, content } });
    const state = await session.flush();
    if (state === 'conflict')
      throw new Error('Someone else changed this article meanwhile. Reload and try again.');
    if (state !== 'saved') throw new Error(session.view().error ?? 'The alt text was not saved.');
    return mode === 'staged' ? 'staged' : 'saved';
  } finally {
    session.dispose();
  }
}

export function useSaveAlt(site: SessionSite) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (edit: AltEdit) => saveAlt(site, edit),
    onSettled: () => {
      void queries.invalidateQueries({ queryKey: ['images', site.id] });
      void queries.invalidateQueries({ queryKey: ['articles', site.id] });
    },
  });
}

/** The spec's 409 (spec 4.7 DELETE): the articles still using the image. */
export interface InUse {
  referencedBy: { id: number; title: Record<string, string> }[];
}

/**
 * DELETE /images/{id} with the spec's rules: without `force` an image in current article content
 * is refused (409 with `referenced_by`), answered here as `InUse` so the person can choose.
 */
export function useDeleteImage(siteId: number) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, force }: { id: number; force: boolean }): Promise<InUse | null> => {
      try {
        await unwrap(
          api.DELETE('/v1/images/{id}', {
            params: { path: { id }, query: force ? { force: '1' } : {} },
          }),
        );
        return null;
      } catch (e) {
        const body = e instanceof ApiRequestError ? (e.body as Record<string, unknown>) : null;
        if (e instanceof ApiRequestError && e.status === 409 && Array.isArray(body?.referenced_by))
          return { referencedBy: body.referenced_by as InUse['referencedBy'] };
        throw e;
      }
    },
    onSettled: () => void queries.invalidateQueries({ queryKey: ['images', siteId] }),
  });
}

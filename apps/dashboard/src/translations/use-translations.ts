import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { PAGE_SIZE } from '../ui/paging';

/**
 * The outdated-translation queue (GET /v1/articles?outdated=1: articles with a language whose
 * source changed after it was last written), or every article, one page at a time.
 */
export function useTranslationQueue(siteId: number, page: number, all: boolean) {
  const query = {
    page,
    limit: PAGE_SIZE,
    order_by: 'updated_at' as const,
    order: 'desc' as const,
    ...(all ? {} : { outdated: '1' as const }),
  };
  return useQuery({
    queryKey: ['articles', siteId, 'translations', query],
    queryFn: () => unwrap(api.GET('/v1/articles', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/** Releases a language to readers (spec 2.1 "released in the dashboard"; `article.updated`). */
export function useRelease(siteId: number) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ id, lang }: { id: number; lang: string }) =>
      unwrap(
        api.POST('/v1/articles/{id}/translations/{lang}/release', {
          params: { path: { id, lang } },
        }),
      ),
    onSettled: () => void queries.invalidateQueries({ queryKey: ['articles', siteId] }),
  });
}

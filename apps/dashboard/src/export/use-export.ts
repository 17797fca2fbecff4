import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';

export type ExportJob = NonNullable<ReturnType<typeof useExportJobs>['data']>[number];

export const isActive = (job: { state: string }) =>
  job.state === 'queued' || job.state === 'running';

/** The site's latest zip jobs; polled every second while one is queued or running. */
export function useExportJobs(siteId: number) {
  return useQuery({
    queryKey: ['exports', siteId],
    queryFn: async () => (await unwrap(api.GET('/v1/dashboard/exports'))).exports,
    refetchInterval: (query) => (query.state.data?.some(isActive) ? 1000 : false),
  });
}

/** Queues a zip job (one per site at a time: a second is refused with `export_running`). */
export function useStartExport(siteId: number) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async () => (await unwrap(api.POST('/v1/dashboard/exports'))).export,
    onSettled: () => void queries.invalidateQueries({ queryKey: ['exports', siteId] }),
  });
}

/** Saves a file the page holds (the browser's download, named). */
export function saveFile(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The built zip (session requests carry their CSRF header, so not a plain link). */
export async function downloadZip(job: ExportJob, filename: string): Promise<void> {
  const blob = await unwrap(
    api.GET('/v1/dashboard/exports/{id}/download', {
      params: { path: { id: job.id } },
      parseAs: 'blob',
    }),
  );
  saveFile(filename, blob as Blob);
}

/**
 * The site's content exactly as the export endpoint gives it (spec 4.11): its pages walked in
 * id order, 200 articles each, joined into one JSON file.
 */
export async function exportJson(onPage: (articles: number) => void): Promise<Blob> {
  let cursor = 0;
  const articles: unknown[] = [];
  let first: { snapshot: unknown; categories?: unknown } | null = null;
  for (;;) {
    const page = await unwrap(api.GET('/v1/export', { params: { query: { cursor, limit: 200 } } }));
    first ??= { snapshot: page.snapshot, categories: page.categories };
    articles.push(...page.articles);
    onPage(articles.length);
    if (!page.cursor.has_more || page.cursor.next === null) break;
    cursor = page.cursor.next;
  }
  const body = { ...first, articles };
  return new Blob([JSON.stringify(body, null, 2)], { type: 'application/json' });
}

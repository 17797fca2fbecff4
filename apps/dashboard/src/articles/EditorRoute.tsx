import { lazy, Suspense } from 'react';
import { getRouteApi, useParams, useSearch } from '@tanstack/react-router';
import { Center, Loader } from '@mantine/core';
import { NotFound } from '../ui/NotFound';

const siteRoute = getRouteApi('/sites/$siteId');

/**
 * The article editor's slot (issue 37 item 4): `articles/editor/index.tsx` default-exports
 * `ArticleEditor({ site, articleId })` (`articleId` null for /articles/new). It is loaded on
 * demand, so the first load of the dashboard does not carry the editor (the size budget).
 */
const ArticleEditor = lazy(() => import('./editor'));

export function EditorRoute() {
  const { site } = siteRoute.useRouteContext();
  const params = useParams({ strict: false });
  // /articles/new?title=… (analytics' "Write this article") starts the article with that title.
  const { title } = useSearch({ strict: false }) as { title?: string };
  const raw = params.articleId;
  const articleId = raw === undefined ? null : Number(raw);
  if (articleId !== null && !(Number.isInteger(articleId) && articleId > 0))
    return <NotFound title="No such article" />;
  return (
    <Suspense
      fallback={
        <Center p="xl">
          <Loader role="status" aria-label="Loading the editor" />
        </Center>
      }
    >
      <ArticleEditor key={site.id} site={site} articleId={articleId} title={title} />
    </Suspense>
  );
}

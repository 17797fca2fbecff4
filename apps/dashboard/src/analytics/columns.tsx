import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { DecliningArticle } from './declining';
import type { Column } from './tables';
import type { ContentArticle, Day, SearchesAnswer } from './use-analytics';

type Gap = SearchesAnswer['content_gaps'][number];
type Frequent = SearchesAnswer['frequent_queries'][number];

const n = (label: string, value: (row: Day) => number): Column<Day> => ({
  label,
  value,
  numeric: true,
});

/** The tables behind the three charts: one row a day. */
export const TRAFFIC_COLUMNS: Column<Day>[] = [
  { label: 'Day', value: (d) => d.day },
  n('Views', (d) => d.views),
  n('Visitors', (d) => d.visitors),
];
export const SEARCH_COLUMNS: Column<Day>[] = [
  { label: 'Day', value: (d) => d.day },
  n('Searches', (d) => d.searches),
  n('Without results', (d) => d.searches_without_results),
];
export const RATING_COLUMNS: Column<Day>[] = [
  { label: 'Day', value: (d) => d.day },
  n('Thumbs up', (d) => d.ratings.thumbs_up),
  n('Thumbs down', (d) => d.ratings.thumbs_down),
  n('Love', (d) => d.ratings.love),
];

const untitled = (id: number, title: string | null) => title || `Article ${id}`;

/** An article's title, linking to its editor. */
function articleColumn<T extends { id: number; title: string | null }>(siteId: number): Column<T> {
  return {
    label: 'Article',
    value: (a) => untitled(a.id, a.title),
    render: (a) => (
      <Anchor
        renderRoot={(p) => (
          <Link
            {...p}
            to="/sites/$siteId/articles/$articleId"
            params={{ siteId: String(siteId), articleId: String(a.id) }}
          />
        )}
      >
        {untitled(a.id, a.title)}
      </Anchor>
    ),
  };
}

export function topColumns(siteId: number): Column<ContentArticle>[] {
  return [
    articleColumn(siteId),
    { label: 'Views', value: (a) => a.views, numeric: true },
    { label: 'Thumbs up', value: (a) => a.ratings.thumbs_up, numeric: true },
    { label: 'Thumbs down', value: (a) => a.ratings.thumbs_down, numeric: true },
    { label: 'Love', value: (a) => a.ratings.love, numeric: true },
    { label: 'Comments', value: (a) => a.comments, numeric: true },
  ];
}

export function decliningColumns(siteId: number): Column<DecliningArticle>[] {
  return [
    articleColumn(siteId),
    { label: 'Views before', value: (a) => a.before, numeric: true },
    {
      label: 'Views now',
      value: (a) => (a.atMost ? `at most ${a.now}` : a.now),
      numeric: true,
    },
    {
      label: 'Change',
      value: (a) => (a.atMost ? `at least ${a.change}` : a.change),
      numeric: true,
    },
    { label: 'Change (%)', value: (a) => a.percent, numeric: true },
  ];
}

/**
 * Searches with no results: what readers looked for and did not find. People who write
 * articles get "Write this article", the new-article editor with the query as its title.
 */
export function gapColumns(siteId: number, mayWrite: boolean): Column<Gap>[] {
  const columns: Column<Gap>[] = [
    { label: 'Search', value: (g) => g.query, render: (g) => <Text span>{g.query}</Text> },
    { label: 'Searches without results', value: (g) => g.searches, numeric: true },
  ];
  if (!mayWrite) return columns;
  return [
    ...columns,
    {
      label: 'Write',
      value: () => undefined,
      csv: false,
      render: (g) => (
        <Anchor
          aria-label={`Write this article: ${g.query}`}
          renderRoot={(p) => (
            <Link
              {...p}
              to="/sites/$siteId/articles/new"
              params={{ siteId: String(siteId) }}
              search={{ title: g.query }}
            />
          )}
        >
          Write this article
        </Anchor>
      ),
    },
  ];
}

type Term = SearchesAnswer['common_terms'][number];

export const TERM_COLUMNS: Column<Term>[] = [
  { label: 'Word', value: (t) => t.term },
  { label: 'Searches', value: (t) => t.searches, numeric: true },
];

export const FREQUENT_COLUMNS: Column<Frequent>[] = [
  { label: 'Search', value: (q) => q.query },
  { label: 'Searches', value: (q) => q.searches, numeric: true },
  { label: 'Without results', value: (q) => q.without_results, numeric: true },
  { label: 'Results last time', value: (q) => q.last_results_count, numeric: true },
];

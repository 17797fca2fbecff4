import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { SessionSite } from '../api/contract';
import { permissions } from '../app/session';
import { ErrorNotice } from '../ui/ErrorNotice';
import { ListPager } from '../ui/ListPager';
import { fieldErrors } from '../ui/field-errors';
import { PageHeader } from '../ui/PageHeader';
import {
  decliningColumns,
  FREQUENT_COLUMNS,
  gapColumns,
  RATING_COLUMNS,
  SEARCH_COLUMNS,
  TERM_COLUMNS,
  topColumns,
  TRAFFIC_COLUMNS,
} from './columns';
import {
  CONTENT_SORTS,
  presetOf,
  presetSearch,
  PRESETS,
  type AnalyticsSearch,
  type ContentSort,
} from './search';
import { ChartSection, TableSection, type Column } from './tables';
import { useAnalytics, type Day, type Summary } from './use-analytics';

const route = getRouteApi('/sites/$siteId/analytics');

const ALL = 'all';
const CHART_HEIGHT = 220;
const shortDay = (day: string) => day.slice(5);
const chartProps = {
  h: CHART_HEIGHT,
  dataKey: 'day',
  withLegend: true,
  // The table behind the chart is what assistive technology reads (tables.tsx).
  accessibilityLayer: false,
  xAxisProps: { tickFormatter: shortDay },
} as const;

const TRAFFIC_SERIES = [
  { name: 'views', label: 'Views', color: 'indigo.6' },
  { name: 'visitors', label: 'Visitors', color: 'teal.6' },
];
const SEARCH_SERIES = [
  { name: 'searches', label: 'Searches', color: 'indigo.6' },
  { name: 'searches_without_results', label: 'Without results', color: 'orange.6' },
];
const RATING_SERIES = [
  { name: 'thumbs_up', label: 'Thumbs up', color: 'teal.6' },
  { name: 'thumbs_down', label: 'Thumbs down', color: 'red.6' },
  { name: 'love', label: 'Love', color: 'pink.6' },
];

/** A chart of the range day by day (ratings flattened for the drawing), its table behind it. */
function DayChart(props: {
  title: string;
  file: string;
  columns: Column<Day>[];
  days: Day[];
  chart: (data: Record<string, string | number>[]) => ReactNode;
}) {
  return (
    <ChartSection
      title={props.title}
      file={props.file}
      columns={props.columns}
      rows={props.days}
      rowKey={(d) => d.day}
      empty="No days in this range."
      chart={props.chart(props.days.map(({ ratings, ...d }) => ({ ...d, ...ratings })))}
    />
  );
}

const names = new Intl.DisplayNames(['en'], { type: 'language' });
/** "German (de)": the name and the code the site's language settings show. */
function languageName(code: string): string {
  try {
    return `${names.of(code) ?? code} (${code})`;
  } catch {
    return code;
  }
}

/** The range and language, each change a new URL (shareable, back-able). */
function Filters(props: {
  site: SessionSite;
  search: AnalyticsSearch;
  errors: Record<string, string>;
  onChange: (next: Partial<AnalyticsSearch>) => void;
}) {
  const { search, errors, onChange } = props;
  const preset = presetOf(search);
  return (
    <Group gap="sm" mb="md" align="flex-start" wrap="wrap">
      <Select
        label="Range"
        data={[
          ...PRESETS.map((p) => ({ value: String(p.days), label: p.label })),
          ...(preset === 'custom' ? [{ value: 'custom', label: 'Chosen days' }] : []),
        ]}
        value={preset}
        onChange={(v) => v && v !== 'custom' && onChange(presetSearch(Number(v)))}
        allowDeselect={false}
        w={170}
      />
      <TextInput
        type="date"
        label="From"
        value={search.from ?? ''}
        error={errors.from}
        onChange={(e) => onChange({ from: e.currentTarget.value || undefined })}
      />
      <TextInput
        type="date"
        label="To (included)"
        value={search.to ?? ''}
        error={errors.to}
        onChange={(e) => onChange({ to: e.currentTarget.value || undefined })}
      />
      <Select
        label="Language"
        data={[
          { value: ALL, label: 'All languages' },
          ...props.site.languages.map((l) => ({ value: l, label: languageName(l) })),
        ]}
        value={search.lang ?? ALL}
        error={errors.lang}
        onChange={(v) => onChange({ lang: v && v !== ALL ? v : undefined })}
        allowDeselect={false}
        w={160}
      />
    </Group>
  );
}

type Figure = Summary['summary']['traffic']['views'];

function change(figure: Figure): string {
  if (figure.change_percent === null)
    return figure.previous === 0 ? 'none in the period before' : '';
  const sign = figure.change_percent > 0 ? '+' : '';
  return `${sign}${figure.change_percent} % on the period before (${figure.previous.toLocaleString('en')})`;
}

/** The range's totals against the period before. */
function Figures({ summary }: { summary: Summary }) {
  const { traffic, ratings } = summary.summary;
  const figures: [string, Figure][] = [
    ['Views', traffic.views],
    ['Visitors', traffic.visitors],
    ['Searches', traffic.searches],
    ['Ratings', ratings.total],
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} mb="lg">
      {figures.map(([label, figure]) => (
        <Paper key={label} withBorder p="sm" radius="md">
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="xl">
            {figure.value.toLocaleString('en')}
          </Text>
          <Text size="xs" c="dimmed">
            {change(figure)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * Analytics (issue 39 item 2): the range's figures and charts (views, visitors, searches,
 * ratings) each with its table, the most viewed and the declining articles, the searches that
 * found nothing (content gaps, "Write this article") and the frequent ones, per language; every
 * table downloads as CSV.
 */
export function Analytics(props: {
  site: SessionSite;
  search: AnalyticsSearch;
  onSearch: (next: AnalyticsSearch) => void;
}) {
  const { site, search } = props;
  const { summary, top, searches, declining } = useAnalytics(site.id, search);
  const errors = fieldErrors(summary.error);
  const range = summary.data?.range;
  const file = (what: string) =>
    `analytics-${site.subdomain}-${what}-${range?.from}-${range?.to}${range?.lang ? `-${range.lang}` : ''}`;
  const days = summary.data?.daily ?? [];
  const failed = [summary, top, searches, declining].find((q) => q.isError);

  return (
    <>
      <PageHeader title="Analytics" />
      <Filters
        site={site}
        search={search}
        errors={errors}
        onChange={(next) => props.onSearch({ ...search, ...next, page: undefined })}
      />
      {failed && Object.keys(errors).length === 0 && <ErrorNotice error={failed.error} />}
      {range && !summary.isError && (
        <Text size="sm" c="dimmed" mb="sm" aria-live="polite">
          {range.from} to {range.to} ({range.days} days, UTC), compared with {range.previous.from}{' '}
          to {range.previous.to}. Views, visitors and searches are counted once a day.
        </Text>
      )}
      {summary.data && !summary.isError && (
        <Stack gap="xl" aria-busy={summary.isFetching}>
          <Figures summary={summary.data} />
          <DayChart
            title="Views and visitors"
            file={file('traffic')}
            columns={TRAFFIC_COLUMNS}
            days={days}
            chart={(data) => <AreaChart {...chartProps} data={data} series={TRAFFIC_SERIES} />}
          />
          <DayChart
            title="Searches"
            file={file('searches-by-day')}
            columns={SEARCH_COLUMNS}
            days={days}
            chart={(data) => <BarChart {...chartProps} data={data} series={SEARCH_SERIES} />}
          />
          <DayChart
            title="Ratings"
            file={file('ratings')}
            columns={RATING_COLUMNS}
            days={days}
            chart={(data) => (
              <BarChart {...chartProps} type="stacked" data={data} series={RATING_SERIES} />
            )}
          />
          <TableSection
            title="Top articles"
            file={file(`top-articles-${search.sort ?? 'views'}`)}
            columns={topColumns(site.id)}
            rows={top.data?.articles ?? []}
            rowKey={(a) => a.id}
            empty="No article was viewed in this range."
            controls={
              <Select
                size="xs"
                aria-label="Order of the top articles"
                data={CONTENT_SORTS}
                value={search.sort ?? 'views'}
                onChange={(v) =>
                  props.onSearch({
                    ...search,
                    sort: v && v !== 'views' ? (v as ContentSort) : undefined,
                    page: undefined,
                  })
                }
                allowDeselect={false}
                w={170}
              />
            }
            footer={
              <ListPager
                meta={top.data?.meta}
                noun="articles viewed"
                onPage={(page) => props.onSearch({ ...search, page: page > 1 ? page : undefined })}
              />
            }
          />
          <TableSection
            title="Declining articles"
            file={file('declining-articles')}
            columns={decliningColumns(site.id)}
            rows={declining.data?.articles ?? []}
            rowKey={(a) => a.id}
            empty="No article had fewer views than in the period before."
          />
          <TableSection
            title="Searches with no results"
            file={file('content-gaps')}
            columns={gapColumns(site.id, permissions(site).editContent)}
            rows={searches.data?.content_gaps ?? []}
            rowKey={(g) => g.query}
            empty="Every search found something."
          />
          <TableSection
            title="Frequent searches"
            file={file('frequent-searches')}
            columns={FREQUENT_COLUMNS}
            rows={searches.data?.frequent_queries ?? []}
            rowKey={(q) => q.query}
            empty="No searches in this range."
          />
          <TableSection
            title="Words searched most"
            file={file('search-words')}
            columns={TERM_COLUMNS}
            rows={searches.data?.common_terms ?? []}
            rowKey={(t) => t.term}
            empty="No searches in this range."
          />
        </Stack>
      )}
    </>
  );
}

/** The route's screen: the site, the range and the language from the URL. */
export function AnalyticsScreen() {
  const { site } = route.useRouteContext();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <Analytics site={site} search={search} onSearch={(next) => void navigate({ search: next })} />
  );
}

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../api/client';
import type { SessionSite } from '../api/contract';
import { testSite } from '../testing/fixtures';
import { renderWithProviders } from '../testing/render';
import { downloadCsv } from '../ui/csv';
import { Analytics } from './AnalyticsScreen';
import { analyticsSearch, type AnalyticsSearch } from './search';
import type { ContentArticle, Day } from './use-analytics';

// The router's links render as the paths (and search) they go to: no router in these tests.
jest.mock('@tanstack/react-router', () => ({
  ...jest.requireActual('@tanstack/react-router'),
  Link: jest.requireActual('../testing/fixtures').LinkAsAnchor,
}));
jest.mock('../ui/csv', () => ({
  ...jest.requireActual('../ui/csv'),
  downloadCsv: jest.fn(),
}));

const site = testSite();

/** A reader typed this into the search box of the help center. */
const HOSTILE = '=HYPERLINK("http://evil.example","Click")';

const RANGE = {
  from: '2026-11-22',
  to: '2026-11-28',
  days: 7,
  lang: null,
  previous: { from: '2026-11-15', to: '2026-11-21' },
};
const figure = (value: number, previous: number) => ({
  value,
  previous,
  change_percent: previous ? Math.round(((value - previous) / previous) * 1000) / 10 : null,
});
const day = (d: string, views: number, searches = 0): Day => ({
  day: d,
  views,
  visitors: Math.ceil(views / 2),
  searches,
  searches_without_results: searches ? 1 : 0,
  ratings: { thumbs_up: views ? 1 : 0, thumbs_down: 0, love: 0 },
});
const article = (id: number, title: string, views: number): ContentArticle => ({
  id,
  title,
  category_id: null,
  views,
  ratings: { thumbs_up: 0, thumbs_down: 0, love: 0 },
  comments: 0,
  _links: { view: { method: 'GET', url: `http://acme.example/articles/${id}` } },
});

const CURRENT = [article(1, 'Pay an invoice', 40), article(2, 'Reset password', 3)];
const PREVIOUS = [
  article(2, 'Reset password', 30),
  article(1, 'Pay an invoice', 10),
  article(3, 'Old pricing', 8),
];

type Query = Record<string, unknown>;

/** What the server answers, per path; `refuse` answers every call with that error. */
function serve(refuse?: { status: number; body: unknown }) {
  const calls: { path: string; query: Query }[] = [];
  jest.spyOn(api, 'GET').mockImplementation((async (
    path: string,
    init?: { params: { query: Query } },
  ) => {
    const query = init?.params.query ?? {};
    calls.push({ path, query });
    if (refuse) return { error: refuse.body, response: { status: refuse.status } };
    const ok = (data: unknown) => ({
      data: { status: 'success', range: RANGE, ...(data as object) },
      response: { status: 200 },
    });
    if (path === '/v1/analytics/summary')
      return ok({
        summary: {
          traffic: {
            views: figure(43, 48),
            visitors: figure(22, 0),
            searches: figure(6, 3),
            searches_without_results: figure(2, 0),
          },
          ratings: {
            thumbs_up: figure(2, 0),
            thumbs_down: figure(0, 0),
            love: figure(0, 0),
            total: figure(2, 0),
          },
          activity: {},
          totals: {},
        },
        daily: [day('2026-11-27', 13, 2), day('2026-11-28', 30, 4)],
      });
    if (path === '/v1/analytics/content') {
      const articles = query.from === RANGE.previous.from ? PREVIOUS : CURRENT;
      return ok({
        excludes_never_viewed: true,
        articles,
        meta: {
          page: Number(query.page),
          per_page: 25,
          total_pages: query.sort ? 3 : 1,
          items_count: query.sort ? 60 : articles.length,
          sort: String(query.sort ?? 'views'),
        },
      });
    }
    return ok({
      content_gaps: [
        { query: HOSTILE, searches: 3, last_results_count: 0 },
        { query: 'refund policy', searches: 1, last_results_count: 0 },
      ],
      frequent_queries: [
        { query: 'invoice', searches: 5, without_results: 0, last_results_count: 4 },
        { query: '@SUM(A1)', searches: 1, without_results: 1, last_results_count: 0 },
      ],
      common_terms: [
        { term: 'invoice', searches: 5 },
        { term: '+cmd', searches: 1 },
      ],
      meta: { limit: 50, lists_are_top_n: true, total_searches: 6, searches_without_results: 4 },
    });
  }) as never);
  return calls;
}

function show(search: AnalyticsSearch = {}, who: Partial<SessionSite> = {}) {
  const onSearch = jest.fn();
  renderWithProviders(<Analytics site={{ ...site, ...who }} search={search} onSearch={onSearch} />);
  return onSearch;
}

const table = (name: string) => screen.getByRole('table', { name });
const rowsOf = (name: string) =>
  within(table(name))
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('the analytics screen (issue 39 item 2)', () => {
  beforeEach(() => {
    // jsdom lays nothing out: recharts says its drawing has no size (the tables are tested).
    const warn = console.warn;
    jest
      .spyOn(console, 'warn')
      .mockImplementation((...args: unknown[]) =>
        String(args[0]).includes('of chart should be greater than 0') ? undefined : warn(...args),
      );
  });
  afterEach(() => jest.restoreAllMocks());

  it('sends the URL’s range and language to every GET /v1/analytics/* and shows the figures against the period before', async () => {
    const calls = serve();
    show(analyticsSearch({ from: '2026-11-22', to: '2026-11-28', lang: 'de' }));
    await screen.findByRole('table', { name: 'Views and visitors' });
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(5));
    const range = { from: '2026-11-22', to: '2026-11-28', lang: 'de' };
    expect(calls).toEqual(
      expect.arrayContaining([
        { path: '/v1/analytics/summary', query: range },
        { path: '/v1/analytics/content', query: { ...range, page: 1 } },
        { path: '/v1/analytics/searches', query: { ...range, limit: 50 } },
        // the declining list: the period before, same language
        {
          path: '/v1/analytics/content',
          query: { from: '2026-11-15', to: '2026-11-21', lang: 'de', page: 1 },
        },
      ]),
    );
    expect(screen.getByText('43')).toBeInTheDocument();
    expect(screen.getByText('-10.4 % on the period before (48)')).toBeInTheDocument();
    expect(screen.getByText(/2026-11-22 to 2026-11-28 \(7 days, UTC\)/)).toBeInTheDocument();
  });

  it('puts a table behind each chart (what a screen reader reads), and shows it instead on request', async () => {
    serve();
    show();
    await screen.findByRole('table', { name: 'Views and visitors' });
    expect(rowsOf('Views and visitors')).toEqual([
      ['2026-11-27', '13', '7'],
      ['2026-11-28', '30', '15'],
    ]);
    expect(rowsOf('Searches')).toEqual([
      ['2026-11-27', '2', '1'],
      ['2026-11-28', '4', '1'],
    ]);
    expect(rowsOf('Ratings')).toEqual([
      ['2026-11-27', '1', '0', '0'],
      ['2026-11-28', '1', '0', '0'],
    ]);
    // the drawing itself is hidden from assistive technology
    const section = screen.getByRole('region', { name: 'Views and visitors' });
    expect(section.querySelector('[aria-hidden="true"]')).not.toBeNull();
    await userEvent.click(within(section).getByRole('radio', { name: 'Table' }));
    expect(section.querySelector('[aria-hidden="true"]')).toBeNull();
    expect(within(section).getByRole('table', { name: 'Views and visitors' })).toBeVisible();
  });

  it('lists the most viewed and the declining articles (this period against the one before)', async () => {
    serve();
    show();
    await waitFor(() => expect(rowsOf('Declining articles')).toHaveLength(2));
    expect(rowsOf('Top articles')[0]).toEqual(['Pay an invoice', '40', '0', '0', '0', '0']);
    expect(
      within(table('Top articles')).getByRole('link', { name: 'Pay an invoice' }),
    ).toHaveAttribute('href', '/sites/5/articles/1');
    // 30 → 3 falls most; "Old pricing" had no view in this period (every page was read); the
    // article that grew is not declining
    expect(rowsOf('Declining articles')).toEqual([
      ['Reset password', '30', '3', '-27', '-90'],
      ['Old pricing', '8', '0', '-8', '-100'],
    ]);
  });

  it('offers "Write this article" for each search without results, the query as the new article’s title', async () => {
    serve();
    show();
    const gaps = await screen.findByRole('table', { name: 'Searches with no results' });
    await within(gaps).findAllByRole('link');
    const write = within(gaps).getByRole('link', { name: 'Write this article: refund policy' });
    expect(write).toHaveAttribute('href', '/sites/5/articles/new?title=refund+policy');
    const hostile = within(gaps).getByRole('link', { name: `Write this article: ${HOSTILE}` });
    expect(new URL(hostile.getAttribute('href') ?? '', 'http://x').searchParams.get('title')).toBe(
      HOSTILE,
    );
    // the query is shown as text, never as markup or a link of its own
    expect(within(gaps).getByText(HOSTILE).tagName).toBe('SPAN');
  });

  it('gives a Viewer the gaps without "Write this article" (they write no articles)', async () => {
    serve();
    show({}, { role: 'viewer' });
    const gaps = await screen.findByRole('table', { name: 'Searches with no results' });
    await within(gaps).findByText('refund policy');
    expect(within(gaps).queryByRole('link')).toBeNull();
  });

  it('downloads each table as CSV; a reader’s hostile search query comes out inert', async () => {
    serve();
    show();
    await screen.findByText('refund policy');
    await userEvent.click(
      screen.getByRole('button', { name: 'Download Searches with no results as CSV' }),
    );
    const [filename, text] = (downloadCsv as jest.Mock).mock.calls.at(-1) as [string, string];
    expect(filename).toBe('analytics-acme-content-gaps-2026-11-22-2026-11-28.csv');
    expect(text.split('\r\n')).toEqual([
      'Search,Searches without results',
      `"'=HYPERLINK(""http://evil.example"",""Click"")",3`,
      'refund policy,1',
      '',
    ]);
    await userEvent.click(
      screen.getByRole('button', { name: 'Download Frequent searches as CSV' }),
    );
    const frequent = (downloadCsv as jest.Mock).mock.calls.at(-1)[1] as string;
    expect(frequent).toContain("\r\n'@SUM(A1),1,1,0\r\n");
    await userEvent.click(
      screen.getByRole('button', { name: 'Download Views and visitors as CSV' }),
    );
    expect((downloadCsv as jest.Mock).mock.calls.at(-1)).toEqual([
      'analytics-acme-traffic-2026-11-22-2026-11-28.csv',
      'Day,Views,Visitors\r\n2026-11-27,13,7\r\n2026-11-28,30,15\r\n',
    ]);
  });

  it('shows the API’s own range message next to the dates (spec 4.10: at most 92 days)', async () => {
    const message = 'The range from from to to must not be longer than 92 days.';
    serve({
      status: 422,
      body: {
        status: 'validation_error',
        message: 'The given data was invalid.',
        errors: { to: [message] },
      },
    });
    show(analyticsSearch({ from: '2026-01-01', to: '2026-11-28' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('To (included)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('changes the range and the language through the URL', async () => {
    serve();
    const onSearch = show({ lang: 'de' });
    await screen.findByRole('table', { name: 'Views and visitors' });
    await userEvent.click(screen.getByLabelText('Language', { selector: 'input' }));
    const langs = await screen.findByRole('listbox', { name: 'Language', hidden: true });
    await userEvent.click(
      within(langs).getByRole('option', { name: 'All languages', hidden: true }),
    );
    expect(onSearch).toHaveBeenLastCalledWith({ lang: undefined });
    await userEvent.click(screen.getByLabelText('Range', { selector: 'input' }));
    const ranges = await screen.findByRole('listbox', { name: 'Range', hidden: true });
    await userEvent.click(
      within(ranges).getByRole('option', { name: 'Last 30 days', hidden: true }),
    );
    const last = onSearch.mock.calls.at(-1)[0] as AnalyticsSearch;
    expect(last.lang).toBe('de');
    expect(Date.parse(last.to as string) - Date.parse(last.from as string)).toBe(29 * 86_400_000);
  });

  it('orders and pages the top articles through the URL (GET /v1/analytics/content’s sort and page)', async () => {
    const calls = serve();
    const onSearch = show({ lang: 'de', sort: 'thumbs_down', page: 2 });
    await screen.findByText('60 articles viewed');
    expect(calls).toContainEqual({
      path: '/v1/analytics/content',
      query: { lang: 'de', sort: 'thumbs_down', page: 2 },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onSearch).toHaveBeenLastCalledWith({ lang: 'de', sort: 'thumbs_down', page: 3 });
    await userEvent.click(screen.getByRole('combobox', { name: 'Order of the top articles' }));
    await userEvent.click(
      await screen.findByRole('option', { name: 'Most commented', hidden: true }),
    );
    expect(onSearch).toHaveBeenLastCalledWith({ lang: 'de', sort: 'comments', page: undefined });
    // the language list names each language
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('German (de)');
    expect(rowsOf('Words searched most').map((r) => r.join(' '))).toEqual(['invoice 5', '+cmd 1']);
  });

  it('drops what a hand-edited URL gets wrong, keeping a range only the API can judge', () => {
    expect(
      analyticsSearch({ from: '2026-13', to: 'today', lang: '<b>', sort: 'id; DROP', page: '0' }),
    ).toEqual({});
    expect(analyticsSearch({ sort: 'views', page: '1' })).toEqual({});
    expect(analyticsSearch({ from: '2026-11-28', to: '2026-01-01', lang: 'pt-BR' })).toEqual({
      from: '2026-11-28',
      to: '2026-01-01',
      lang: 'pt-BR',
    });
  });
});

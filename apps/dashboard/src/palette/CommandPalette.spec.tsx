import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../api/client';
import type { SessionSite } from '../api/contract';
import { renderWithProviders } from '../testing/render';
import { closePalette, CommandPalette } from './CommandPalette';

const navigate = jest.fn();
jest.mock('@tanstack/react-router', () => ({
  ...jest.requireActual('@tanstack/react-router'),
  useNavigate: () => navigate,
}));

const site: SessionSite = {
  id: 7,
  name: 'Acme',
  subdomain: 'acme',
  url: 'http://acme.example',
  role: 'editor',
  notes_access: true,
  default_language: 'en',
  languages: ['en', 'de'],
  plan: 'catalyst',
  staging: true,
};

const article = (id: number, title: Record<string, string>, extra: object = {}) => ({
  id,
  title,
  published: false,
  ...extra,
});

/** What the server answers: the team search's hits and the site's categories. */
function serve() {
  const calls: { path: string; query: Record<string, unknown> }[] = [];
  jest.spyOn(api, 'GET').mockImplementation((async (
    path: string,
    init: { params: { query: Record<string, unknown> } },
  ) => {
    calls.push({ path, query: init.params.query });
    const response = { status: 200 } as Response;
    if (path === '/v1/categories')
      return {
        data: { categories: [{ id: 3, name: { en: 'Zebra care' }, position: 0 }] },
        response,
      };
    return {
      data: {
        articles: [
          article(11, { en: 'Zebra draft', de: 'Zebra Entwurf' }),
          article(12, { en: 'Zebra live' }, { published: true }),
          article(13, { en: 'Zebra gone' }, { deleted_at: '2026-11-28T10:00:00+00:00' }),
        ],
        meta: { current_page: 1, per_page: 10, items_count: 3, total_pages: 1 },
      },
      response,
    };
  }) as never);
  return calls;
}

const openWithShortcut = () =>
  fireEvent.keyDown(document.documentElement, { key: 'k', code: 'KeyK', ctrlKey: true });

describe('the command palette (⌘K / Ctrl+K, issue 37 item 9)', () => {
  beforeEach(() => navigate.mockReset());
  afterEach(() => {
    act(closePalette); // the palette's open state is the app's one small store
    jest.restoreAllMocks();
  });

  it('opens with the shortcut and lists the dashboard’s pages before anything is typed', async () => {
    serve();
    renderWithProviders(<CommandPalette site={site} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    openWithShortcut();
    const dialog = await screen.findByRole('dialog', { name: 'Find anything' });
    const options = within(dialog).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'HomePage',
      'ArticlesPage',
      'New articlePage',
      'CategoriesPage',
      'TranslationsPage',
      'TrashPage',
      'ImagesPage',
      'ExportPage',
      'CommentsPage',
      'AnalyticsPage',
      'DesignPage',
    ]);
  });

  it('finds articles of every status through the team search, Trash labelled, and opens the chosen one with the keyboard', async () => {
    const calls = serve();
    renderWithProviders(<CommandPalette site={site} />);
    openWithShortcut();
    const input = await screen.findByRole('combobox', {
      name: 'Search articles, categories and pages',
    });
    await userEvent.type(input, 'zebra');
    const listbox = screen.getByRole('listbox', { name: 'Results' });
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(4));
    // The session's team search, never spec 4.4's `search` (15-match cap, published only).
    const searches = calls.filter((c) => c.path === '/v1/articles');
    expect(searches.at(-1)?.query).toEqual({ team_search: 'zebra', limit: 10 });
    expect(searches.every((c) => !('search' in c.query))).toBe(true);
    const rows = within(listbox)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(rows).toEqual([
      'Zebra careCategory',
      'Zebra draftdraftendeArticle',
      'Zebra livepublishedenArticle',
      'Zebra gonein TrashenArticle',
    ]);

    // Arrow keys move the active option; Enter opens it and closes the palette.
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(within(listbox).getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      within(listbox).getAllByRole('option')[1].id,
    );
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(navigate).toHaveBeenCalledWith({
      to: '/sites/$siteId/articles/$articleId',
      params: { siteId: '7', articleId: '11' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a trashed article opens the Trash (it is restored there, not edited)', async () => {
    serve();
    renderWithProviders(<CommandPalette site={site} />);
    openWithShortcut();
    await userEvent.type(await screen.findByRole('combobox'), 'zebra');
    await userEvent.click(await screen.findByRole('option', { name: /Zebra gone/ }));
    expect(navigate).toHaveBeenCalledWith({
      to: '/sites/$siteId/trash',
      params: { siteId: '7' },
    });
  });

  it('a category opens the article list filtered by it; nothing found says so', async () => {
    serve();
    renderWithProviders(<CommandPalette site={site} />);
    openWithShortcut();
    const input = await screen.findByRole('combobox');
    await userEvent.type(input, 'zebra');
    await userEvent.click(await screen.findByRole('option', { name: /Zebra care/ }));
    expect(navigate).toHaveBeenCalledWith({
      to: '/sites/$siteId/articles',
      params: { siteId: '7' },
      search: { category: 3 },
    });
    openWithShortcut();
    jest.spyOn(api, 'GET').mockImplementation((async () => ({
      data: { articles: [], categories: [], meta: {} },
      response: { status: 200 } as Response,
    })) as never);
    await userEvent.type(await screen.findByRole('combobox'), 'qqq');
    expect(await screen.findByText('Nothing found.')).toBeInTheDocument();
  });
});

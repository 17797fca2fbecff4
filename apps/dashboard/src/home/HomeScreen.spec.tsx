import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { api } from '../api/client';
import { renderWithProviders } from '../testing/render';
import { testSite } from '../testing/site';
import { Home } from './HomeScreen';

// The router's links render as the addresses they go to (the screen is tested without a router).
jest.mock('@tanstack/react-router', () => ({
  ...jest.requireActual('@tanstack/react-router'),
  createLink:
    () =>
    ({
      to,
      params,
      search,
      children,
      ...rest
    }: Record<string, unknown> & { children: ReactNode }) => {
      const path = Object.entries(params as Record<string, string>).reduce(
        (p, [k, v]) => p.replace(`$${k}`, v),
        to as string,
      );
      const query = new URLSearchParams((search ?? {}) as Record<string, string>).toString();
      return (
        <a href={query ? `${path}?${query}` : path} {...rest}>
          {children}
        </a>
      );
    },
}));

const article = (id: number, title: string, more: object = {}) => ({
  id,
  title: { en: title },
  published: true,
  updated_at: '2026-11-28T09:30:00+00:00',
  staged_locales: [],
  staged_updated_at: null,
  outdated_translations: [],
  ...more,
});
const page = (key: string, rows: object[], more: object = {}) => ({
  data: {
    status: 'success',
    [key]: rows,
    meta: { page: 1, per_page: 5, total_pages: 1, items_count: rows.length, ...more },
  },
  response: { status: 200 },
});
const hook = (id: number) => ({
  id,
  url: `https://hooks.example.com/${id}`,
  site_id: 5,
  active: true,
  last_delivered_at: null,
  created_at: '2026-11-28T09:30:00+00:00',
  signature_scheme: 'service',
});
const delivery = (id: number, status: string) => ({
  id,
  redelivery_of: null,
  event: 'article.published',
  occurred_at: null,
  status,
  next_attempt_at: null,
  created_at: '2026-11-28T10:00:00+00:00',
  attempts: [],
});

type Init = { params?: { query?: Record<string, unknown>; path?: { webhookId: number } } };

/** Serves every panel's route; returns the requests made, as `path query`. */
function serve(hooks = 12, failingId = 11) {
  const asked: string[] = [];
  jest.spyOn(api, 'GET').mockImplementation((async (path: string, init?: Init) => {
    const query = init?.params?.query ?? {};
    asked.push(`${path} ${JSON.stringify(query)}`);
    if (path === '/v1/articles') {
      if (query.outdated)
        return page('articles', [article(3, 'Setup', { outdated_translations: ['de'] })]);
      if (query.staged)
        return page('articles', [article(4, 'Billing', { staged_locales: ['en', 'de'] })]);
      if (query.status === 'draft') return page('articles', [], { items_count: 0 });
      return page('articles', [article(1, 'Reset your password'), article(2, 'Invoices')], {
        items_count: 40,
      });
    }
    if (path === '/v1/comments')
      return page(
        'comments',
        [
          {
            id: 9,
            article_id: 1,
            text: 'Where is the button?',
            author: { name: 'Ann', type: 'reader' },
            created_at: '2026-11-28T08:00:00+00:00',
          },
        ],
        { status_counts: { pending: 7 } },
      );
    if (path === '/v1/analytics/searches')
      return {
        data: { status: 'success', content_gaps: [{ query: 'refund policy', searches: 12 }] },
        response: { status: 200 },
      };
    if (path === '/v1/webhooks')
      return {
        data: {
          status: 'success',
          webhooks: Array.from({ length: hooks }, (_, i) => hook(11 + i)),
        },
        response: { status: 200 },
      };
    const id = init?.params?.path?.webhookId;
    return page(
      'deliveries',
      id === failingId
        ? [delivery(2, 'failed'), delivery(1, 'delivered')]
        : [delivery(3, 'delivered')],
    );
  }) as never);
  return asked;
}

const panel = (name: string) => screen.findByRole('region', { name });

describe('Home (issue 39 item 8)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows an Admin every panel, each linked to its screen', async () => {
    const asked = serve();
    renderWithProviders(<Home site={testSite('admin', { languages: ['en', 'de'] })} />);

    const recent = await panel('Changed lately');
    await within(recent).findByText('40');
    expect(
      within(recent).getByRole('link', { name: 'Reset your password' }).getAttribute('href'),
    ).toBe('/sites/5/articles/1');
    expect(await within(await panel('Drafts')).findByText('No draft waits.')).toBeTruthy();
    const staged = await panel('Staged edits waiting');
    expect(await within(staged).findByText(/^en, de · staged/)).toBeTruthy();
    const outdated = await panel('Outdated translations');
    expect(await within(outdated).findByText('Outdated: de')).toBeTruthy();
    expect(
      within(outdated)
        .getByRole('link', { name: 'Open the translation queue' })
        .getAttribute('href'),
    ).toBe('/sites/5/translations');

    const comments = await panel('Comments to moderate');
    await within(comments).findByText('Where is the button?');
    expect(within(comments).getByText('7')).toBeTruthy();
    expect(
      within(comments).getByRole('link', { name: 'Open the comment queue' }).getAttribute('href'),
    ).toBe('/sites/5/moderation?status=pending');
    const gaps = await panel('Content gaps');
    expect(await within(gaps).findByText(/“refund policy” · 12 searches/)).toBeTruthy();
    expect(
      within(gaps)
        .getByRole('link', { name: 'Write this article: refund policy' })
        .getAttribute('href'),
    ).toBe('/sites/5/articles/new?title=refund+policy');

    const hooks = await panel('Failing webhooks');
    const failing = await within(hooks).findByRole('link', {
      name: 'https://hooks.example.com/11',
    });
    expect(failing.getAttribute('href')).toBe('/sites/5/webhooks?log=11&status=failed');
    expect(within(hooks).queryByText('https://hooks.example.com/12')).toBeNull();

    // Bounded: one request per panel, and the latest deliveries of ten of the twelve webhooks.
    expect(asked.filter((a) => a.startsWith('/v1/webhooks/{webhookId}'))).toHaveLength(10);
    expect(asked.filter((a) => a.startsWith('/v1/articles'))).toHaveLength(4);
    expect(asked).toContain(
      '/v1/articles {"staged":"1","page":1,"limit":5,"order_by":"updated_at"}',
    );
  });

  it('says how many webhooks it did not check when none of the checked ones fails', async () => {
    const asked = serve(12, 0);
    renderWithProviders(<Home site={testSite('owner')} />);
    const hooks = await panel('Failing webhooks');
    expect(
      await within(hooks).findByText(
        /The first 10 webhooks deliver; 2 more are not checked here/,
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    expect(asked.filter((a) => a.startsWith('/v1/webhooks/{webhookId}'))).toHaveLength(10);
  });

  it('shows a Translator outdated translations, not drafts, comments or webhooks, and asks for nothing else', async () => {
    const asked = serve();
    renderWithProviders(<Home site={testSite('translator', { languages: ['en', 'de'] })} />);
    await within(await panel('Outdated translations')).findByText('Outdated: de');
    await within(await panel('Changed lately')).findByText('40');
    for (const name of [
      'Drafts',
      'Staged edits waiting',
      'Comments to moderate',
      'Content gaps',
      'Failing webhooks',
    ])
      expect(screen.queryByRole('region', { name })).toBeNull();
    expect(asked.every((a) => a.startsWith('/v1/articles'))).toBe(true);
  });

  it('shows a Viewer what changed lately only', async () => {
    const asked = serve();
    renderWithProviders(<Home site={testSite('viewer', { languages: ['en', 'de'] })} />);
    await within(await panel('Changed lately')).findByText('40');
    expect(screen.getAllByRole('region')).toHaveLength(1);
    expect(asked).toHaveLength(1);
  });
});

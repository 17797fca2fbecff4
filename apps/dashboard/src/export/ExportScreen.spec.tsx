import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../api/client';
import type { SessionSite } from '../api/contract';
import { renderWithProviders } from '../testing/render';
import { SiteExport } from './ExportScreen';

const site = {
  id: 5,
  subdomain: 'acme',
  role: 'viewer',
  default_language: 'en',
  languages: ['en'],
} as SessionSite;

const job = (id: number, state: string, percent: number) => ({
  id,
  state,
  progress: {
    articles_total: 1000,
    articles_done: percent * 10,
    images_total: 0,
    images_done: 0,
    percent,
  },
  size: state === 'done' ? 2_500_000 : null,
  error: null,
  created_at: '2026-11-28T09:30:00+00:00',
  started_at: '2026-11-28T09:30:01+00:00',
  finished_at: state === 'done' ? '2026-11-28T09:31:30+00:00' : null,
  expires_at: state === 'done' ? '2026-11-29T09:31:30+00:00' : null,
});
const ok = (data: object, status = 200) => ({ data, response: { status } });

afterEach(() => jest.restoreAllMocks());

const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

describe('the Export screen', () => {
  it('shows the running job’s progress, keeps a second start from being sent, offers a built zip', async () => {
    const post = jest.spyOn(api, 'POST');
    jest
      .spyOn(api, 'GET')
      .mockImplementation((async () =>
        ok({ status: 'success', exports: [job(2, 'running', 42), job(1, 'done', 100)] })) as never);
    renderWithProviders(<SiteExport site={site} />);
    const bar = await screen.findByRole('progressbar', { name: 'Export progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText(/420 of 1,000\s+articles/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start a zip export' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Download the zip of/ })).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('walks the export endpoint’s pages into one JSON file', async () => {
    const pages = [
      {
        snapshot: { generated_at: 'x' },
        categories: [{ id: 1 }],
        articles: [{ id: 1 }, { id: 2 }],
        cursor: { next: 2, has_more: true },
      },
      {
        snapshot: { generated_at: 'y' },
        articles: [{ id: 3 }],
        cursor: { next: null, has_more: false },
      },
    ];
    const get = jest
      .spyOn(api, 'GET')
      .mockImplementation((async (path: string) =>
        path === '/v1/export'
          ? ok({ status: 'success', ...pages.shift() })
          : ok({ status: 'success', exports: [] })) as never);
    const saved: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:x';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toMatch(/^acme-export-\d{4}-\d{2}-\d{2}\.json$/);
    });
    renderWithProviders(<SiteExport site={site} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Download JSON' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const calls = get.mock.calls as unknown as [
      string,
      { params: { query: { cursor: number } } },
    ][];
    const cursors = calls
      .filter(([path]) => path === '/v1/export')
      .map(([, init]) => init.params.query.cursor);
    expect(cursors).toEqual([0, 2]);
    const body = JSON.parse(await textOf(saved[0])) as {
      articles: { id: number }[];
      categories: unknown[];
    };
    expect(body.articles.map((a) => a.id)).toEqual([1, 2, 3]);
    expect(body.categories).toEqual([{ id: 1 }]);
    expect(click).toHaveBeenCalledTimes(1);
  });
});

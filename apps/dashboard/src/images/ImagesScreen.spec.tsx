import { ModalsProvider } from '@mantine/modals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { api } from '../api/client';
import type { SessionSite } from '../api/contract';
import { renderWithProviders } from '../testing/render';
import { ImageLibrary } from './ImagesScreen';

// The router's links render as the paths they go to (the screen is tested without a router).
jest.mock('@tanstack/react-router', () => ({
  ...jest.requireActual('@tanstack/react-router'),
  Link: ({ to, params, children, ...rest }: Record<string, unknown> & { children: ReactNode }) => {
    const path = Object.entries(params as Record<string, string>).reduce(
      (p, [k, v]) => p.replace(`$${k}`, v),
      to as string,
    );
    return (
      <a href={path} {...rest}>
        {children}
      </a>
    );
  },
}));

// jsdom has no structuredClone (the editor's session copies its fields with it); JSON suffices here.
globalThis.structuredClone ??= <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const site = (role: SessionSite['role'], staging = false): SessionSite => ({
  id: 5,
  name: 'Acme',
  subdomain: 'acme',
  url: 'http://acme.example',
  role,
  notes_access: false,
  default_language: 'en',
  languages: ['en'],
  plan: 'catalyst',
  staging,
});

const url = 'http://img.example/5/shot.png';
const image = {
  id: 7,
  url,
  filename: 'shot.png',
  mime_type: 'image/png',
  size: 2048,
  checksum: null,
  alt_text: '',
  snippets: { html: '', markdown: '' },
  created_at: '2026-11-28 09:30:00',
  origin: 'editor',
  uses_count: 1,
  used_in: [{ article_id: 12, lang: 'en', title: 'Setup', published: false, alts: ['Old'] }],
};
const article = {
  id: 12,
  published: false,
  revision: 3,
  title: { en: 'Setup' },
  content: { en: `<p>Hi</p><img src="${url}" alt="Old">` },
};
const ok = (data: object, status = 200) => ({ data, response: { status } });

function serve() {
  const writes: unknown[][] = [];
  jest.spyOn(api, 'GET').mockImplementation((async (path: string) =>
    path === '/v1/dashboard/images'
      ? ok({
          status: 'success',
          images: [image],
          meta: { page: 1, per_page: 50, total_pages: 1, items_count: 1 },
        })
      : ok({ status: 'success', article })) as never);
  jest.spyOn(api, 'PATCH').mockImplementation((async (...args: unknown[]) => {
    writes.push(['PATCH', ...args]);
    return ok({ status: 'success', article: { ...article, revision: 4 } });
  }) as never);
  jest.spyOn(api, 'DELETE').mockImplementation((async (...args: unknown[]) => {
    writes.push(['DELETE', ...args]);
    const force = (args[1] as { params: { query: { force?: string } } }).params.query.force;
    return force
      ? ok({ status: 'success', message: 'Image deleted.' })
      : {
          error: {
            status: 'error',
            code: 'image_in_use',
            referenced_by: [{ id: 12, title: { en: 'Setup' } }],
          },
          response: { status: 409 },
        };
  }) as never);
  return writes;
}

const show = (role: SessionSite['role'], staging = false) =>
  renderWithProviders(
    <ModalsProvider>
      <ImageLibrary site={site(role, staging)} page={1} onPage={() => undefined} />
    </ModalsProvider>,
  );

afterEach(() => jest.restoreAllMocks());

describe('ImageLibrary', () => {
  it('shows each image with where it is used, linked to the editor, and its alt there', async () => {
    serve();
    show('viewer');
    const row = (await screen.findByText('shot.png')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('img', { name: 'Thumbnail of shot.png' })).toHaveAttribute(
      'src',
      url,
    );
    expect(within(row).getByRole('link', { name: 'Setup' })).toHaveAttribute(
      'href',
      '/sites/5/articles/12',
    );
    expect(within(row).getByText('alt: “Old”')).toBeInTheDocument();
    // A Viewer edits nothing.
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('edits the alt where the image is used: a PATCH of that translation’s content', async () => {
    const writes = serve();
    show('editor');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit the alt text in Setup (en)' }),
    );
    const field = await screen.findByLabelText('Alt text');
    await userEvent.clear(field);
    await userEvent.type(field, 'The setup screen');
    await userEvent.click(screen.getByRole('button', { name: 'Save alt text' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    const [, path, init] = writes[0] as [string, string, { body: Record<string, unknown> }];
    expect(path).toBe('/v1/articles/{id}');
    expect(init.body).toMatchObject({
      base_revision: 3,
      content: { en: `<p>Hi</p><img src="${url}" alt="The setup screen">` },
    });
  });

  it('a published article on a plan with staging gets the alt in its staged copy, as the editor saves', async () => {
    const writes = serve();
    jest.spyOn(api, 'GET').mockImplementation((async (path: string) =>
      path === '/v1/dashboard/images'
        ? ok({
            status: 'success',
            images: [image],
            meta: { page: 1, per_page: 50, total_pages: 1, items_count: 1 },
          })
        : ok({ status: 'success', article: { ...article, published: true } })) as never);
    show('editor', true);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit the alt text in Setup (en)' }),
    );
    await userEvent.type(await screen.findByLabelText('Alt text'), ' now');
    await userEvent.click(screen.getByRole('button', { name: 'Save alt text' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    const [, path, init] = writes[0] as [string, string, { body: Record<string, unknown> }];
    expect(path).toBe('/v1/articles/{articleId}/staged');
    expect(init.body).toEqual({
      locale: 'en',
      content: `<p>Hi</p><img src="${url}" alt="Old now">`,
    });
  });

  it('deletes with the spec’s rules: an image in use is refused, then deleted on “Delete anyway”', async () => {
    const writes = serve();
    show('editor');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete shot.png' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'shot.png is still used' });
    expect(within(dialog).getByText('Setup')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete anyway' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes.map((w) => (w[2] as { params: { query: object } }).params.query)).toEqual([
      {},
      { force: '1' },
    ]);
  });
});

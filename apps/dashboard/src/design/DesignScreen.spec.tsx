import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ModalsProvider } from '@mantine/modals';
import { api } from '../api/client';
import type { SessionSite } from '../api/contract';
import { renderWithProviders } from '../testing/render';
import { catalog, designDocument } from './design-fixtures';
import { DesignEditor } from './DesignScreen';

const site = (role: SessionSite['role']): SessionSite => ({
  id: 5,
  name: 'Acme',
  subdomain: 'acme',
  url: 'http://acme.example',
  role,
  notes_access: false,
  default_language: 'en',
  languages: ['en'],
  plan: 'catalyst',
  staging: true,
});

type Call = { method: string; path: string; body?: Record<string, unknown> };

/** A design API in memory: the draft moves its etag on every write; `stale` answers 412 once. */
function serve(options: { stale?: boolean } = {}) {
  const calls: Call[] = [];
  let revision = 1;
  let stale = options.stale ?? false;
  const etag = () => `"d42-${revision}"`;
  const response = (status: number) => ({ status }) as Response;
  const template = () => ({
    engine: 'v2',
    site: { id: 5, name: 'Acme', subdomain: 'acme' },
    draft: {
      id: 42,
      etag: etag(),
      updated_at: '2026-11-28T09:30:00+00:00',
      preset_key: 'classic',
      has_unpublished_changes: revision > 1,
    },
    published: { id: 41, published_at: '2026-11-01T08:00:00+00:00', message: 'Autumn' },
    urls: {
      live_site: 'http://acme.example',
      customizer: 'http://app.example/app/sites/5/design/42',
      draft_preview: 'http://acme.example?preview=draft',
    },
  });
  jest.spyOn(api, 'GET').mockImplementation((async (
    path: string,
    init?: { params?: { query?: Record<string, string> } },
  ) => {
    calls.push({ method: 'GET', path });
    const q = init?.params?.query ?? {};
    const data = (() => {
      if (path === '/v1/template') return { template: template() };
      if (path === '/v1/template/draft') return { etag: etag(), data: designDocument() };
      if (path === '/v1/template/versions')
        return {
          versions: [
            {
              id: 41,
              live: true,
              published_at: '2026-11-01T08:00:00+00:00',
              published_by: 'Ann',
              message: 'Autumn',
            },
          ],
        };
      if (path === '/v1/template/themes')
        return {
          themes: [
            {
              key: 'classic',
              name: 'Classic',
              tagline: 'Plain',
              preview_image: '/c.svg',
              current: true,
            },
            {
              key: 'harbor',
              name: 'Harbor',
              tagline: 'For developers',
              preview_image: '/h.svg',
              current: false,
            },
          ],
        };
      if (q.topic === 'theme')
        return {
          schema: {
            fonts: ['Inter', 'Lora'],
            radius: { keys: [], options: ['none', 'medium'] },
            density: ['compact', 'comfortable'],
          },
        };
      if (q.types) return { schema: { components: catalog } };
      return { schema: { index: catalog.map((c) => ({ type: c.type })) } };
    })();
    return { data, response: response(200) };
  }) as never);
  const write = async (method: string, path: string, init?: { body?: Record<string, unknown> }) => {
    calls.push({ method, path, body: init?.body });
    if (path === '/v1/previews/design')
      return {
        data: { data: { url: `http://reader.example/_preview/t${calls.length}` } },
        response: response(201),
      };
    if (stale) {
      stale = false;
      return {
        error: { status: 'error', code: 'stale_draft', message: 'The draft changed.' },
        response: response(412),
      };
    }
    revision += 1;
    return { data: { template: template(), warnings: [] }, response: response(200) };
  };
  jest
    .spyOn(api, 'PATCH')
    .mockImplementation(((p: string, i: never) => write('PATCH', p, i)) as never);
  jest
    .spyOn(api, 'POST')
    .mockImplementation(((p: string, i: never) => write('POST', p, i)) as never);
  return calls;
}

const writes = (calls: Call[]) =>
  calls.filter((c) => c.method !== 'GET' && c.path !== '/v1/previews/design');

function show(role: SessionSite['role'] = 'editor') {
  renderWithProviders(
    <ModalsProvider>
      <DesignEditor site={site(role)} asked={42} />
    </ModalsProvider>,
  );
}

describe('the design editor (issue 39 item 1)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('frames the draft preview from a hand-off URL on the reader origin, a new one per change', async () => {
    const calls = serve();
    show();
    const frame = await screen.findByTitle('Draft preview of Acme');
    expect(frame).toHaveAttribute(
      'src',
      expect.stringMatching(/^http:\/\/reader\.example\/_preview\//),
    );
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(calls.filter((c) => c.path === '/v1/previews/design')[0].body).toEqual({ page: 'home' });
  });

  it('applies some parts of a theme with the etag, then undoes it through the API', async () => {
    const calls = serve();
    show();
    const harbor = await screen.findByRole('article', { name: 'Harbor' });
    fireEvent.click(within(harbor).getByRole('button', { name: 'Apply Harbor…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply Harbor to the draft' });
    fireEvent.click(within(dialog).getByLabelText('Only some parts'));
    fireEvent.click(within(dialog).getByLabelText('Fonts'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply to the draft' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual({
      method: 'POST',
      path: '/v1/template/themes/{themeKey}/apply',
      body: { etag: '"d42-1"', sections: ['theme.colors', 'theme.darkColors', 'theme.fonts'] },
    });
    const undo = await screen.findByRole('button', { name: 'Undo: Apply Harbor' });
    // The fake keeps the same document, so undo has nothing to send; it still ends the step.
    fireEvent.click(undo);
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeDisabled();
  });

  it('saves a changed color as one set with the etag', async () => {
    const calls = serve();
    show();
    fireEvent.click(await screen.findByRole('tab', { name: 'Colors' }));
    const primary = await screen.findByLabelText('Primary');
    fireEvent.change(primary, { target: { value: '#ff0000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save light colors' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).toEqual({
      etag: '"d42-1"',
      operations: [{ op: 'set', path: 'theme.colors', value: { primary: '#ff0000' } }],
    });
    expect(await screen.findByRole('button', { name: 'Undo: Light colors' })).toBeEnabled();
  });

  it('saves the search-engine settings as one set of meta and the no-index flag', async () => {
    const calls = serve();
    show();
    fireEvent.click(await screen.findByRole('tab', { name: 'Brand' }));
    fireEvent.change(await screen.findByLabelText('Description'), { target: { value: 'Help' } });
    fireEvent.click(screen.getByRole('switch', { name: /not to index/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save search engines' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body?.operations).toEqual([
      { op: 'set', path: 'meta', value: { description: 'Help' } },
      { op: 'set', path: 'meta.noIndex', value: true },
    ]);
  });

  it('edits a component’s settings on its page', async () => {
    const calls = serve();
    show();
    fireEvent.click(await screen.findByRole('tab', { name: 'Pages' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Hero hero1' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Ask us' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Hero' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body?.operations).toEqual([
      { op: 'update_component', id: 'hero1', config: { title: 'Ask us' }, page: 'home' },
    ]);
  });

  it('styles a region and shares it across pages', async () => {
    const calls = serve();
    show();
    fireEvent.click(await screen.findByRole('tab', { name: 'Pages' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Style the hero region' }));
    const hero = await screen.findByRole('form', { name: 'Settings of the hero region' });
    fireEvent.click(within(hero).getByLabelText('Line below'));
    fireEvent.click(within(hero).getByRole('button', { name: 'Save hero style' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body?.operations).toEqual([
      { op: 'update_region', page: 'home', region: 'hero', config: { borderBottom: true } },
    ]);
    const after = await screen.findByRole('form', { name: 'Settings of the hero region' });
    fireEvent.click(within(after).getByRole('switch', { name: /^Same hero on every page/ }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1].body?.operations).toEqual([
      { op: 'sync_region', region: 'hero', enabled: true, source_page: 'home' },
    ]);
    // `main` is always per page (spec 4.12): it has no sharing switch.
    fireEvent.click(screen.getByRole('button', { name: 'Style the main region' }));
    const main = await screen.findByRole('form', { name: 'Settings of the main region' });
    expect(within(main).queryByRole('switch', { name: /^Same main on every page/ })).toBeNull();
    expect(within(main).getByRole('switch', { name: 'Line below' })).toBeInTheDocument();
  });

  it('a 412 stale_draft says someone else changed the draft; reload reads it again and says what is dropped', async () => {
    const calls = serve({ stale: true });
    show();
    fireEvent.click(await screen.findByRole('tab', { name: 'Brand' }));
    fireEvent.change(await screen.findByLabelText('Tagline'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save brand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Someone else changed the draft' });
    expect(within(dialog).getByText('“Brand”')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      'Your unsaved change and this session’s undo steps (0) are dropped',
    );
    const reads = calls.filter((c) => c.path === '/v1/template/draft').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reload the draft' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Someone else changed the draft' })).toBeNull(),
    );
    expect(calls.filter((c) => c.path === '/v1/template/draft').length).toBe(reads + 1);
  });

  it('publishes with a message, and restores a version into the draft', async () => {
    const calls = serve();
    show('admin');
    fireEvent.click(await screen.findByRole('tab', { name: 'Colors' }));
    fireEvent.change(await screen.findByLabelText('Accent'), { target: { value: '#00ff00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save light colors' }));
    const publish = await screen.findByRole('button', { name: 'Publish…' });
    await waitFor(() => expect(publish).toBeEnabled());
    fireEvent.click(publish);
    const dialog = await screen.findByRole('dialog', { name: 'Publish the draft' });
    fireEvent.change(within(dialog).getByLabelText('Message'), { target: { value: 'Green' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]).toMatchObject({
      path: '/v1/template/publish',
      body: { etag: '"d42-2"', message: 'Green' },
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Versions' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Restore version 41' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Restore into the draft' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(3));
    expect(writes(calls)[2]).toMatchObject({
      path: '/v1/template/versions/{versionId}/restore',
      body: { etag: '"d42-3"' },
    });
  });

  it.each(['viewer', 'translator'] as const)(
    'a %s sees no design and nothing is asked of the server',
    async (role) => {
      const calls = serve();
      show(role);
      expect(await screen.findByText('No access to the design')).toBeInTheDocument();
      expect(screen.queryByRole('tab')).toBeNull();
      expect(calls).toEqual([]);
    },
  );
});

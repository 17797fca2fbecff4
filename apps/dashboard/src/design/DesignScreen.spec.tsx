import { screen, within } from '@testing-library/react';
import { api } from '../api/client';
import type { SessionSite } from '../api/contract';
import { renderWithProviders } from '../testing/render';
import { testSite } from '../testing/site';
import { DesignOverview } from './DesignScreen';

const site = (role: SessionSite['role']) => testSite(role);

function serve() {
  const paths: string[] = [];
  jest.spyOn(api, 'GET').mockImplementation((async (path: string) => {
    paths.push(path);
    const response = { status: 200 } as Response;
    if (path === '/v1/template/themes')
      return { data: { themes: [{ key: 'harbor', name: 'Harbor' }] }, response };
    return {
      data: {
        template: {
          site: { id: 5, name: 'Acme', subdomain: 'acme' },
          draft: {
            id: 42,
            etag: '"x"',
            updated_at: '2026-11-28T09:30:00+00:00',
            preset_key: 'harbor',
            has_unpublished_changes: true,
          },
          published: { id: 41, published_at: '2026-11-01T08:00:00+00:00', message: 'Autumn' },
          urls: {
            live_site: 'http://acme.example',
            customizer: 'http://app.example/app/sites/5/design/42',
            draft_preview: 'http://acme.example?preview=draft',
          },
        },
      },
      response,
    };
  }) as never);
  return paths;
}

describe('the design pages of part 1 (issue 37: /design/<draft id>, /customizer)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the draft read only: its theme, last change, live version and the preview links', async () => {
    serve();
    renderWithProviders(<DesignOverview site={site('editor')} asked={42} />);
    const table = await screen.findByRole('table', { name: 'The draft' });
    expect(within(table).getByText('Draft 42')).toBeInTheDocument();
    expect(within(table).getByText('Unpublished changes')).toBeInTheDocument();
    expect(within(table).getByText('Harbor')).toBeInTheDocument();
    expect(within(table).getByText('2026-11-28 09:30')).toBeInTheDocument();
    expect(
      within(table).getByText('Version 41, published 2026-11-01 08:00 (Autumn)'),
    ).toBeInTheDocument();
    expect(screen.getByText('Read only for now')).toBeInTheDocument();
    const preview = screen.getByRole('link', { name: 'Preview the draft on the help center' });
    expect(preview).toHaveAttribute('href', 'http://acme.example?preview=draft');
    expect(preview).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Open the live help center' })).toHaveAttribute(
      'href',
      'http://acme.example',
    );
    expect(screen.queryByText(/is no longer the draft/)).toBeNull();
    // Nothing to edit here: no form control at all.
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('an older draft id says which draft is current now', async () => {
    serve();
    renderWithProviders(<DesignOverview site={site('admin')} asked={7} />);
    expect(await screen.findByText('Draft 7 is no longer the draft')).toBeInTheDocument();
  });

  it.each(['viewer', 'translator'] as const)(
    'a %s sees no design and nothing is asked of the server',
    async (role) => {
      const paths = serve();
      renderWithProviders(<DesignOverview site={site(role)} asked={null} />);
      expect(await screen.findByText('No access to the design')).toBeInTheDocument();
      expect(screen.queryByRole('table')).toBeNull();
      expect(paths).toEqual([]);
    },
  );
});

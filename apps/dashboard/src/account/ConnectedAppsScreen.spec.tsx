import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../api/client';
import { renderWithProviders } from '../testing/render';
import { ConnectedAppsScreen } from './ConnectedAppsScreen';
import type { ConnectedApps } from './use-connected-apps';

// The confirmation modal answers yes at once (its provider is the app's, not the test's).
jest.mock('../ui/confirm', () => ({
  confirmDanger: (ask: { onConfirm: () => void }) => ask.onConfirm(),
}));

const connection = (clientId: string, name: string, siteIds: number[]) => ({
  user_id: 7,
  client_id: clientId,
  client_name: name,
  person_email: 'ann@example.test',
  scopes: ['content.read'],
  site_ids: siteIds,
  connected_at: '2026-11-01T10:00:00.000000Z',
});
const SITES = [
  { id: 1, name: 'Acme', subdomain: 'acme' },
  { id: 2, name: 'Beta', subdomain: 'beta' },
];
const answer = (body: ConnectedApps) =>
  ({ data: body, response: { status: 200 } as Response }) as never;

describe('ConnectedAppsScreen (issue 38, spec 5.2)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists the connections and saves the ticked sites of one', async () => {
    const app = connection('https://app.example/client.json', 'Helper <b>App</b>', [1]);
    jest.spyOn(api, 'GET').mockResolvedValue(answer({ data: [app], sites: SITES }));
    const put = jest
      .spyOn(api, 'PUT')
      .mockResolvedValueOnce(answer({ data: [{ ...app, site_ids: [2] }], sites: SITES }));
    renderWithProviders(<ConnectedAppsScreen />);
    const card = await screen.findByRole('region', { name: 'Helper <b>App</b>' });
    expect(within(card).getByText(/Connected by ann@example.test/)).toBeTruthy();
    expect(within(card).getByText('Permissions: content.read')).toBeTruthy();
    const acme = within(card).getByLabelText('Acme (acme)') as HTMLInputElement;
    expect(acme.checked).toBe(true);
    await userEvent.click(acme);
    await userEvent.click(within(card).getByLabelText('Beta (beta)'));
    await userEvent.click(within(card).getByRole('button', { name: 'Save shared help centers' }));
    expect(put).toHaveBeenCalledWith('/app/account/connections/{user_id}/{client_id}/sites', {
      params: { path: { user_id: 7, client_id: 'https://app.example/client.json' } },
      body: { site_ids: [2] },
    });
    await waitFor(() =>
      expect(
        (screen.getByLabelText('Beta (beta)') as HTMLInputElement).checked &&
          !(screen.getByLabelText('Acme (acme)') as HTMLInputElement).checked,
      ).toBe(true),
    );
  });

  it('disconnects an app and shows the list the server answers', async () => {
    const app = connection('c1', 'Helper App', []);
    jest.spyOn(api, 'GET').mockResolvedValue(answer({ data: [app], sites: SITES }));
    const del = jest.spyOn(api, 'DELETE').mockResolvedValueOnce(answer({ data: [], sites: SITES }));
    renderWithProviders(<ConnectedAppsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
    expect(del).toHaveBeenCalledWith('/app/account/connections/{user_id}/{client_id}', {
      params: { path: { user_id: 7, client_id: 'c1' } },
    });
    expect(await screen.findByText('No apps are connected.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Helper App' })).toBeNull();
  });

  it('shows the server’s message when the list cannot be read', async () => {
    jest.spyOn(api, 'GET').mockResolvedValue({
      error: { status: 'error', code: 'not_found', message: 'Nope.' },
      response: { status: 404 } as Response,
    } as never);
    renderWithProviders(<ConnectedAppsScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('Nope.');
  });
});

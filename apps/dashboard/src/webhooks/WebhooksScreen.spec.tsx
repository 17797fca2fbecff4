import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../api/client';
import type { SessionSite } from '../api/contract';
import { renderWithProviders } from '../testing/render';
import { testSite } from '../testing/site';
import { useState } from 'react';
import { Webhooks } from './WebhooksScreen';
import { webhooksSearch, type WebhooksSearch } from './search';

const site = (role: SessionSite['role']) => testSite(role);

const hook = {
  id: 11,
  url: 'https://hooks.example.com/in',
  site_id: 5,
  active: true,
  last_delivered_at: null,
  created_at: '2026-11-28T09:30:00+00:00',
  signature_scheme: 'standard',
};
const delivery = {
  id: 70,
  redelivery_of: null,
  event: 'webhook.test',
  occurred_at: '2026-11-28T09:31:00+00:00',
  status: 'delivered',
  next_attempt_at: null,
  created_at: '2026-11-28T09:31:00+00:00',
  attempts: [
    {
      attempt: 1,
      delivery_id: 'd-1',
      started_at: '2026-11-28T09:31:01+00:00',
      duration_ms: 42,
      response_status: 200,
      error_kind: null,
      response_body: 'thanks',
    },
  ],
};
const ok = (data: object, status = 200) => ({ data, response: { status } });

/** The screen with its URL search held in state, as the router holds it. */
function Screen({ role, initial = {} }: { role: SessionSite['role']; initial?: WebhooksSearch }) {
  const [search, setSearch] = useState<WebhooksSearch>(initial);
  return (
    <>
      <Webhooks site={site(role)} search={search} onSearch={setSearch} />
      <output data-testid="search">{JSON.stringify(search)}</output>
    </>
  );
}
const searchShown = () => JSON.parse(screen.getByTestId('search').textContent ?? '{}');

/** Serves the webhook list and its log; records every POST and DELETE. */
function serve(logQueries: unknown[] = []) {
  const writes: unknown[][] = [];
  jest.spyOn(api, 'GET').mockImplementation((async (path: string, init?: { params: object }) => {
    if (path === '/v1/webhooks')
      return ok({ status: 'success', webhooks: [hook], meta: { items_count: 1 } });
    logQueries.push((init?.params as { query: unknown }).query);
    const meta = { page: 1, per_page: 50, total_pages: 2, items_count: 51 };
    return ok({ status: 'success', deliveries: [delivery], meta });
  }) as never);
  jest.spyOn(api, 'POST').mockImplementation((async (path: string, init: unknown) => {
    writes.push([path, init]);
    if (!path.includes('{'))
      return {
        error: {
          status: 'error',
          message: 'Validation failed.',
          errors: { url: ['The url must be a valid URL.'] },
        },
        response: { status: 422 },
      };
    return ok({ status: 'success', message: 'Test event queued.' }, 202);
  }) as never);
  return writes;
}

describe('the webhooks screen (issue 39 item 3)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('hides webhooks from Editors and Viewers and asks the API nothing', () => {
    const get = jest.spyOn(api, 'GET');
    for (const role of ['editor', 'viewer'] as const) {
      const view = renderWithProviders(<Screen role={role} />);
      expect(screen.getByText(/Only an Owner or Admin/)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
      view.unmount();
    }
    expect(get).not.toHaveBeenCalled();
  });

  it('shows the API’s message next to the field, sends a test event and redelivers from the log', async () => {
    const writes = serve();
    renderWithProviders(<Screen role="admin" />);
    const user = userEvent.setup();
    await screen.findByText('https://hooks.example.com/in');
    expect(screen.getByText('Standard Webhooks')).toBeTruthy();

    await user.type(screen.getByLabelText(/^URL/), 'not a url');
    await user.click(screen.getByLabelText(/Standard Webhooks signatures/));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('The url must be a valid URL.')).toBeTruthy();
    expect(writes[0]).toEqual([
      '/v1/webhooks/standard',
      { body: { url: 'not a url', secret: undefined } },
    ]);

    await user.click(screen.getByRole('button', { name: 'Send test event' }));
    await waitFor(() =>
      expect(writes[1]).toEqual([
        '/v1/webhooks/{webhookId}/test',
        { params: { path: { webhookId: 11 } } },
      ]),
    );
    const log = await screen.findByRole('region', { name: 'Deliveries of webhook 11' });
    await within(log).findByText('webhook.test');
    expect(within(log).getByText(/#1 .* 200 · 42 ms/)).toBeTruthy();
    expect(within(log).getByText('“thanks”')).toBeTruthy();
    await user.click(within(log).getByRole('button', { name: 'Redeliver' }));
    await waitFor(() =>
      expect(writes[2]).toEqual([
        '/v1/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
        { params: { path: { webhookId: 11, deliveryId: 70 } } },
      ]),
    );
  });

  it('filters the delivery log by status and event and pages it, all in the URL', async () => {
    const asked: unknown[] = [];
    serve(asked);
    renderWithProviders(<Screen role="owner" initial={{ log: 11, status: 'failed', page: 2 }} />);
    const user = userEvent.setup();
    const log = await screen.findByRole('region', { name: 'Deliveries of webhook 11' });
    await within(log).findByText('webhook.test');
    expect(asked[0]).toEqual({ page: 2, limit: 50, status: 'failed' });

    await user.click(within(log).getByLabelText('Event', { selector: 'input' }));
    const events = await screen.findByRole('listbox', { name: 'Event', hidden: true });
    await user.click(
      within(events).getByRole('option', { name: 'Test event (webhook.test)', hidden: true }),
    );
    await waitFor(() =>
      expect(searchShown()).toEqual({ log: 11, status: 'failed', event: 'webhook.test' }),
    );
    await waitFor(() =>
      expect(asked).toContainEqual({ page: 1, limit: 50, status: 'failed', event: 'webhook.test' }),
    );
    await user.click(within(log).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(searchShown()).toMatchObject({ page: 2, event: 'webhook.test' }));
    expect(within(log).getByText('51 deliveries')).toBeTruthy();

    // Closing the log drops its filters from the URL.
    await user.click(screen.getByRole('button', { name: 'Delivery log' }));
    await waitFor(() => expect(searchShown()).toEqual({}));
    expect(screen.queryByRole('region', { name: 'Deliveries of webhook 11' })).toBeNull();
  });

  it('reads only what the API accepts from the URL', () => {
    expect(
      webhooksSearch({ log: '11', status: 'failed', event: 'webhook.test', page: '3' }),
    ).toEqual({ log: 11, status: 'failed', event: 'webhook.test', page: 3 });
    expect(
      webhooksSearch({ log: '11', status: 'lost', event: 'article.exploded', page: '0' }),
    ).toEqual({ log: 11 });
    // Filters without a webhook mean nothing.
    expect(webhooksSearch({ status: 'failed', page: '2' })).toEqual({});
    expect(webhooksSearch({ log: '-1' })).toEqual({});
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../api/client';
import type { SessionSite } from '../api/contract';
import { renderWithProviders } from '../testing/render';
import { testSite } from '../testing/site';
import { Webhooks } from './WebhooksScreen';

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

/** Serves the webhook list and its log; records every POST and DELETE. */
function serve() {
  const writes: unknown[][] = [];
  jest
    .spyOn(api, 'GET')
    .mockImplementation((async (path: string) =>
      path === '/v1/webhooks'
        ? ok({ status: 'success', webhooks: [hook], meta: { items_count: 1 } })
        : ok({ status: 'success', deliveries: [delivery], meta: {} })) as never);
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
      const view = renderWithProviders(<Webhooks site={site(role)} />);
      expect(screen.getByText(/Only an Owner or Admin/)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
      view.unmount();
    }
    expect(get).not.toHaveBeenCalled();
  });

  it('shows the API’s message next to the field, sends a test event and redelivers from the log', async () => {
    const writes = serve();
    renderWithProviders(<Webhooks site={site('admin')} />);
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
});

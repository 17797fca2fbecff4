import { ModalsProvider } from '@mantine/modals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../api/client';
import type { Category } from '../api/contract';
import { testSite } from '../testing/fixtures';
import { renderWithProviders } from '../testing/render';
import { CategoryPanel } from './CategoryPanel';

const site = testSite({ id: 9 });

const billing = {
  id: 4,
  parent: null,
  name: { en: 'Billing' },
  position: 0,
} as unknown as Category;
const ok = { status: 200 } as Response;

/** The server: the category's articles in their custom order, and what the panel sends. */
function serve(opts: { refuseBareDelete?: boolean } = {}) {
  const sent: { method: string; path: string; query?: unknown; body?: unknown }[] = [];
  const record =
    (method: string) =>
    async (
      path: string,
      init?: { params?: { query?: unknown; path?: unknown }; body?: unknown },
    ) => {
      sent.push({ method, path, query: init?.params?.query, body: init?.body });
      if (method === 'GET')
        return {
          data: {
            articles: [
              { id: 31, title: { en: 'Second by date, first by hand' } },
              { id: 30, title: { en: 'Pay an invoice' } },
            ],
            meta: {},
          },
          response: ok,
        };
      const query = init?.params?.query as { on_orphan?: string } | undefined;
      if (method === 'DELETE' && opts.refuseBareDelete && !query?.on_orphan)
        return {
          error: { status: 'error', message: 'The category holds articles: choose on_orphan.' },
          response: { status: 409 } as Response,
        };
      return { data: { status: 'success' }, response: ok };
    };
  jest.spyOn(api, 'GET').mockImplementation(record('GET') as never);
  jest.spyOn(api, 'PATCH').mockImplementation(record('PATCH') as never);
  jest.spyOn(api, 'DELETE').mockImplementation(record('DELETE') as never);
  return sent;
}

function panel(editable = true, onDeleted = jest.fn()) {
  renderWithProviders(
    <ModalsProvider>
      <CategoryPanel
        site={site}
        category={billing}
        all={[billing]}
        editable={editable}
        onDeleted={onDeleted}
      />
    </ModalsProvider>,
  );
  return onDeleted;
}

describe('a category’s panel (issue 37 item 7)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists the articles in the category’s own order, read back with order_by=position', async () => {
    const sent = serve();
    panel();
    const list = await screen.findByRole('list', { name: 'Articles in Billing' });
    await waitFor(() =>
      expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
        'Second by date, first by hand',
        'Pay an invoice',
      ]),
    );
    expect(sent[0]).toMatchObject({
      method: 'GET',
      path: '/v1/articles',
      query: { category_id: 4, order_by: 'position', limit: 100 },
    });
  });

  it('renames per language: the names of every language in one PATCH', async () => {
    const sent = serve();
    panel();
    await userEvent.type(screen.getByLabelText('Name (de)'), 'Abrechnung');
    await userEvent.click(screen.getByRole('button', { name: 'Save names' }));
    await waitFor(() => expect(sent.some((s) => s.method === 'PATCH')).toBe(true));
    expect(sent.find((s) => s.method === 'PATCH')).toMatchObject({
      path: '/v1/categories/{id}',
      body: { name: { en: 'Billing', de: 'Abrechnung' } },
    });
  });

  it('deleting a category that holds articles asks the on_orphan choice and sends it', async () => {
    const sent = serve({ refuseBareDelete: true });
    const onDeleted = panel();
    await screen.findByText('Pay an invoice');
    await userEvent.click(screen.getByRole('button', { name: 'Delete category' }));
    await userEvent.click(await screen.findByLabelText('Move them to the parent category'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(sent.filter((s) => s.method === 'DELETE')).toEqual([
      expect.objectContaining({ path: '/v1/categories/{id}', query: { on_orphan: 'reparent' } }),
    ]);
  });

  it('a person who may not edit gets no rename, delete or reorder controls', async () => {
    serve();
    panel(false);
    await screen.findByText('Pay an invoice');
    expect(
      screen.queryByRole('button', { name: /Save names|Delete category|to reorder/ }),
    ).toBeNull();
    expect(screen.getByLabelText(/^Name \(en\)/)).toHaveAttribute('readonly');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { api } from '../api/client';
import type { SessionSite } from '../api/contract';
import { renderWithProviders } from '../testing/render';
import { downloadCsv } from '../ui/csv';
import { AuditLog } from './AuditScreen';
import type { AuditEntry } from './entries';
import { auditSearch, type AuditSearch } from './search';

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
jest.mock('../ui/csv', () => ({
  ...jest.requireActual('../ui/csv'),
  downloadCsv: jest.fn(),
}));

const site: SessionSite = {
  id: 5,
  name: 'Acme',
  subdomain: 'acme',
  url: 'http://acme.example',
  role: 'admin',
  notes_access: false,
  default_language: 'en',
  languages: ['en'],
  plan: 'catalyst',
  staging: true,
};

let seq = 100;
const entry = (
  action: string,
  target_type: string,
  target_id: string,
  actor: Partial<AuditEntry['actor']> = {},
): AuditEntry => ({
  id: ++seq,
  action,
  target_type,
  target_id,
  actor: {
    kind: 'dashboard',
    key_id: null,
    user_id: 7,
    client_id: null,
    client_name: null,
    ...actor,
  },
  request_id: 'req-1',
  occurred_at: '2026-11-28T09:30:00+00:00',
});

const EVIL_NAME = '=HYPERLINK("http://evil.example","Click")';

/** What the server answers: the log (newest first) and the members. */
function serve(log: AuditEntry[], status = 200) {
  const calls: Record<string, unknown>[] = [];
  jest.spyOn(api, 'GET').mockImplementation((async (
    path: string,
    init?: { params: { query: Record<string, unknown> } },
  ) => {
    if (path === '/v1/team/members')
      return {
        data: {
          members: [
            { user_id: 7, name: 'Ada Admin', email: 'ada@example.com' },
            { user_id: 8, name: EVIL_NAME, email: 'mallory@example.com' },
          ],
        },
        response: { status: 200 },
      };
    const query = init?.params.query ?? {};
    calls.push(query);
    if (status !== 200)
      return {
        error: {
          status: 'error',
          code: 'audit_forbidden',
          message: 'The audit log needs an Owner or Admin behind the credential.',
        },
        response: { status },
      };
    const page = Number(query.page);
    const limit = Number(query.limit);
    return {
      data: {
        status: 'success',
        entries: log.slice((page - 1) * limit, page * limit),
        meta: {
          page,
          per_page: limit,
          items_count: log.length,
          total_pages: Math.max(1, Math.ceil(log.length / limit)),
        },
      },
      response: { status: 200 },
    };
  }) as never);
  return calls;
}

function show(search: AuditSearch = {}) {
  const onSearch = jest.fn();
  renderWithProviders(<AuditLog site={site} search={search} onSearch={onSearch} />);
  return onSearch;
}

describe('the audit log screen (issue 39 item 4)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('names the person, and links each entry to what it changed; deleted objects link nowhere', async () => {
    serve([
      entry('article.purge', 'article', '9'),
      entry('category.delete', 'category', '3'),
      entry('article.update', 'article', '42'),
      entry('article.update', 'article', '9'),
      entry('category.update', 'category', '4'),
      entry('member.update', 'user', '8'),
      entry('key.create', 'api_key', '2', { kind: 'api_key', key_id: 2 }),
      entry('webhook.create', 'webhook', '11', { kind: 'oauth', client_name: 'Zapier' }),
      entry('design.publish', 'template', '41'),
      entry('comment.approve', 'comment', '6', { kind: 'operator', user_id: null }),
    ]);
    show();
    await screen.findByRole('link', { name: 'Article 42' });
    const table = screen.getByRole('table', { name: 'Audit log' });
    const link = (name: string) => within(table).getByRole('link', { name });
    expect(link('Article 42')).toHaveAttribute('href', '/sites/5/articles/42');
    expect(link('Category 4')).toHaveAttribute('href', '/sites/5/categories');
    expect(link('Member 8')).toHaveAttribute('href', '/sites/5/team');
    expect(link('API key 2')).toHaveAttribute('href', '/sites/5/keys');
    expect(link('Webhook 11')).toHaveAttribute('href', '/sites/5/webhooks');
    expect(link('Design 41')).toHaveAttribute('href', '/sites/5/design/41');
    // the purged article and the deleted category: shown, never linked (nor the older entry)
    expect(
      within(table).queryByRole('link', { name: /Article 9|Category 3|Comment 6/ }),
    ).toBeNull();
    expect(within(table).getAllByText('Article 9 (deleted)')).toHaveLength(2);
    expect(within(table).getByText('Category 3 (deleted)')).toBeInTheDocument();
    expect(within(table).getAllByText('Ada Admin').length).toBeGreaterThan(0);
    expect(within(table).getByText('Ada Admin (API key 2)')).toBeInTheDocument();
    expect(within(table).getByText('Ada Admin (app Zapier)')).toBeInTheDocument();
    // who: the operator (no person); through: the operator's door
    expect(within(table).getAllByText('Operator')).toHaveLength(2);
    expect(screen.getByText('10 entries')).toBeInTheDocument();
  });

  it('reads the filters from the URL and sends them to GET /v1/audit; a change starts at page 1', async () => {
    const calls = serve([entry('article.publish', 'article', '5')]);
    const onSearch = show(
      auditSearch({
        user: '7',
        actor: 'dashboard',
        action: 'article.publish',
        type: 'article',
        object: '5',
        from: '2026-11-01',
        to: '2026-11-28',
        page: '3',
      }),
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      page: 3,
      limit: 50,
      user_id: 7,
      actor: 'dashboard',
      action: 'article.publish',
      target_type: 'article',
      target_id: '5',
      from: '2026-11-01',
      to: '2026-11-28',
    });
    await userEvent.click(screen.getByLabelText('Came in through', { selector: 'input' }));
    const kinds = await screen.findByRole('listbox', { name: 'Came in through', hidden: true });
    await userEvent.click(within(kinds).getByRole('option', { name: 'API key', hidden: true }));
    expect(onSearch).toHaveBeenLastCalledWith(
      expect.objectContaining({ actor: 'api_key', user: 7, page: undefined }),
    );
    const action = screen.getByRole('textbox', { name: 'Object id' });
    await userEvent.clear(action);
    await userEvent.type(action, '77');
    await waitFor(() =>
      expect(onSearch).toHaveBeenLastCalledWith(
        expect.objectContaining({ object: '77', action: 'article.publish', page: undefined }),
      ),
    );
  });

  it('drops what a hand-edited URL gets wrong, so the API is never sent a value it refuses', () => {
    expect(
      auditSearch({
        user: 'x',
        actor: 'robot',
        action: 'DROP TABLE',
        type: 'a b',
        object: '<script>',
        from: '2026-13',
        to: 'yesterday',
        page: '0',
      }),
    ).toEqual({});
  });

  it('shows the API’s refusal to a member who is no Owner or Admin', async () => {
    serve([], 403);
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The audit log needs an Owner or Admin behind the credential.',
    );
  });

  it('downloads every filtered entry as CSV, a formula in a name or id coming out inert', async () => {
    const log = Array.from({ length: 130 }, (_, i) =>
      entry('article.update', 'article', String(i + 1), { user_id: i % 2 ? 8 : 7 }),
    );
    log[0] = entry('interface_text.set', 'interface_text', '@SUM(1)', {
      kind: 'oauth',
      client_name: '+cmd|"/C calc"!A0, hi',
      user_id: 8,
    });
    const calls = serve(log);
    show({ type: 'article' });
    await screen.findByRole('link', { name: 'Article 2' });
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(downloadCsv).toHaveBeenCalled());
    // the file reads every page the API has (100 a page), with the screen's filters
    expect(calls.slice(1)).toEqual([
      { page: 1, limit: 100, target_type: 'article' },
      { page: 2, limit: 100, target_type: 'article' },
    ]);
    const [filename, text] = (downloadCsv as jest.Mock).mock.calls[0] as [string, string];
    expect(filename).toMatch(/^audit-acme-\d{4}-\d\d-\d\d\.csv$/);
    const lines = text.split('\r\n');
    expect(lines).toHaveLength(1 + 130 + 1);
    expect(lines[0]).toBe(
      'When (UTC),Actor,Actor kind,Person id,API key id,App,Action,Object type,Object id,Request id,Entry id',
    );
    // no cell of the attacker's starts with a formula character
    expect(lines[1]).toContain(
      `"'=HYPERLINK(""http://evil.example"",""Click"") (app +cmd|""/C calc""!A0, hi)"`,
    );
    expect(lines[1]).toContain(`"'+cmd|""/C calc""!A0, hi"`);
    expect(lines[1]).toContain(",'@SUM(1),");
    expect(lines[2]).toContain(`,'=HYPERLINK(`.replace(',', ',"'));
    expect(lines[3]).toContain(',Ada Admin,dashboard,7,,,article.update,article,3,req-1,');
    for (const line of lines.slice(1, -1))
      for (const cell of line.split(',')) expect(cell).not.toMatch(/^"?[=+@\t\r]/);
  });
});

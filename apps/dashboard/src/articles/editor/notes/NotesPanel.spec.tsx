import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, ApiRequestError } from '../../../api/client';
import { renderWithProviders } from '../../../testing/render';
import { NewNoteDialog, NotesPanel } from './NotesPanel';

const HOSTILE = '<img src=x onerror="window.__owned=1"><script>window.__owned=2</script>';
const ok = { status: 200 } as Response;

const thread = (id: number, resolved: boolean) => ({
  id,
  note: HOSTILE,
  anchor: { mark_id: `note-${id}`, quote: '<b>quoted</b>' },
  author: { id: 1, name: '<i>Mallory</i>', avatar: null },
  resolved,
  resolved_at: null,
  lang: 'en',
  replies: [{ id: 5, note: 'Fine @Ann', author: null, created_at: '2026-01-01T00:00:00+00:00' }],
  created_at: '2026-01-01T00:00:00+00:00',
  updated_at: '2026-01-01T00:00:00+00:00',
  _links: {},
});

function serve(refuseReplies = false) {
  const sent: { method: string; path: string; query?: unknown; body?: unknown }[] = [];
  const record =
    (method: string) =>
    async (
      path: string,
      init?: { params?: { query?: Record<string, string> }; body?: unknown },
    ) => {
      sent.push({ method, path, query: init?.params?.query, body: init?.body });
      if (refuseReplies && path.endsWith('/replies'))
        return {
          error: {
            status: 'validation_error',
            message: 'The request could not be accepted.',
            errors: { text: ['The text field must not be greater than 5000 characters.'] },
          },
          response: { status: 422 } as Response,
        };
      const all = init?.params?.query?.include_resolved === '1';
      return {
        data: { notes: all ? [thread(1, false), thread(2, true)] : [thread(1, false)], meta: {} },
        response: ok,
      };
    };
  jest.spyOn(api, 'GET').mockImplementation(record('GET') as never);
  jest.spyOn(api, 'POST').mockImplementation(record('POST') as never);
  return sent;
}

describe('team notes beside the editor (issue 38)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows hostile HTML in notes, quotes and names as text: nothing of it runs or renders', async () => {
    serve();
    const { container } = renderWithProviders(
      <NotesPanel siteId={9} articleId={3} lang="en" canWrite />,
    );
    expect(await screen.findByTestId('note-text')).toHaveTextContent(HOSTILE);
    expect(screen.getByText('<b>quoted</b>')).toBeInTheDocument();
    expect(screen.getByText('<i>Mallory</i>')).toBeInTheDocument();
    expect(container.querySelector('img, script, b, i')).toBeNull();
    expect((window as { __owned?: number }).__owned).toBeUndefined();
  });

  it('replies, resolves and shows resolved threads on request', async () => {
    const sent = serve();
    renderWithProviders(<NotesPanel siteId={9} articleId={3} lang="en" canWrite />);
    await screen.findByTestId('note-text');
    await userEvent.type(screen.getByLabelText('Reply'), 'Done @Ann Lee');
    await userEvent.click(screen.getByRole('button', { name: 'Reply' }));
    await userEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    await waitFor(() =>
      expect(sent.filter((s) => s.method === 'POST')).toEqual([
        expect.objectContaining({
          path: '/v1/articles/{id}/notes/{noteId}/replies',
          body: { text: 'Done @Ann Lee' },
        }),
        expect.objectContaining({ path: '/v1/articles/{id}/notes/{noteId}/resolve' }),
      ]),
    );
    await userEvent.click(screen.getByLabelText('Show resolved threads'));
    expect(await screen.findByText('Resolved')).toBeInTheDocument();
    expect(sent.at(-1)).toMatchObject({ query: { lang: 'en', include_resolved: '1' } });
  });

  it('a reader of notes gets no reply or resolve controls', async () => {
    serve();
    renderWithProviders(<NotesPanel siteId={9} articleId={3} lang="en" canWrite={false} />);
    await screen.findByTestId('note-text');
    expect(screen.queryByRole('button', { name: 'Resolve' })).toBeNull();
    expect(screen.queryByLabelText('Reply')).toBeNull();
  });

  it('shows the API’s own message next to the field it concerns (bad input)', async () => {
    serve(true);
    renderWithProviders(<NotesPanel siteId={9} articleId={3} lang="en" canWrite />);
    await screen.findByTestId('note-text');
    await userEvent.type(screen.getByLabelText('Reply'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Reply' }));
    expect(
      await screen.findByText('The text field must not be greater than 5000 characters.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Reply')).toHaveAttribute('aria-invalid', 'true');
  });

  it('the new-note dialog shows a refused quote above the note, the note’s own message on it', () => {
    const error = new ApiRequestError(422, {
      status: 'validation_error',
      message: 'The request could not be accepted.',
      errors: {
        quote: ['The quote was not found in the article\'s "en" content.'],
        text: ['The text field is required.'],
      },
    });
    renderWithProviders(
      <NewNoteDialog
        quote="Save"
        busy={false}
        error={error}
        onSubmit={jest.fn()}
        onClose={jest.fn()}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The quote was not found');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The text field is required.')).toBeInTheDocument();
  });
});

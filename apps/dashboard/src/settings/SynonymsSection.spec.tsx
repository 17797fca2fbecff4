import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api } from '../api/client';
import { renderWithProviders } from '../testing/render';
import { TextSections } from './TextSections';
import { synonymGroups, synonymLines, type SiteSettings } from './use-settings';

const settings = { default_language: 'en', languages: ['en', 'de'] } as unknown as SiteSettings;
const ok = { status: 200 } as Response;

/** The server: today's groups, and what the section sends (refused once with `refuse`). */
function serve(refuse?: string) {
  const sent: unknown[] = [];
  jest.spyOn(api, 'GET').mockImplementation((async (path: string) => {
    if (path === '/v1/search/synonyms')
      return { data: { lang: 'en', groups: [['invoice', 'bill']] }, response: ok };
    if (path === '/v1/site/comment-settings')
      return { data: { settings: { moderate: true } }, response: ok };
    return { data: { lang: 'en', translations: [] }, response: ok };
  }) as never);
  jest.spyOn(api, 'PUT').mockImplementation((async (path: string, init: { body: unknown }) => {
    sent.push({ path, body: init.body });
    if (refuse)
      return {
        error: { status: 'validation_error', message: 'Invalid.', errors: { groups: [refuse] } },
        response: { status: 422 } as Response,
      };
    const { lang, groups } = init.body as { lang: string; groups: string[][] };
    return { data: { lang, groups }, response: ok };
  }) as never);
  return sent;
}

afterEach(() => jest.restoreAllMocks());

it('reads and writes synonym groups a line each, words separated by commas', () => {
  const groups = [
    ['invoice', 'bill', 'receipt'],
    ['sign in', 'login'],
  ];
  expect(synonymLines(groups)).toBe('invoice, bill, receipt\nsign in, login');
  expect(synonymGroups(' invoice, bill ,receipt\n\n sign in,login, \n')).toEqual(groups);
});

it('shows the groups of a language and saves the edited lines as groups', async () => {
  const sent = serve();
  renderWithProviders(<TextSections siteId={9} settings={settings} />);
  const box = await screen.findByLabelText('Synonym groups (en)');
  await waitFor(() => expect(box).toHaveValue('invoice, bill'));
  fireEvent.change(box, { target: { value: 'invoice, bill, receipt\nsign in, login' } });
  const section = screen.getByRole('region', { name: 'Search synonyms' });
  fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(sent).toEqual([
      {
        path: '/v1/search/synonyms',
        body: {
          lang: 'en',
          groups: [
            ['invoice', 'bill', 'receipt'],
            ['sign in', 'login'],
          ],
        },
      },
    ]),
  );
});

it('shows the API’s message next to the groups when it refuses them', async () => {
  const message =
    'The groups field must be a list of at most 500 groups, each a list of 2 to 20 words of 1 to 64 characters.';
  serve(message);
  renderWithProviders(<TextSections siteId={9} settings={settings} />);
  const box = await screen.findByLabelText('Synonym groups (en)');
  await waitFor(() => expect(box).toHaveValue('invoice, bill'));
  fireEvent.change(box, { target: { value: 'invoice, bill\nlonely' } });
  const section = screen.getByRole('region', { name: 'Search synonyms' });
  fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(box).toHaveAccessibleDescription(message));
});

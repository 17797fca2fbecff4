import { fireEvent, screen, waitFor } from '@testing-library/react';
import { api } from '../api/client';
import { renderWithProviders } from '../testing/render';
import { TwoFactorSection } from './TwoFactorSection';
import type { SiteSettings } from './use-settings';

const settings = (required: boolean, without: number) =>
  ({ two_factor: { required, members_without: without } }) as unknown as SiteSettings;
const OWN_FIRST = 'Turn on two-factor sign-in for your own account first.';

/** The server: what the switch sends, refused with the API's message when `refuse`. */
function serve(refuse: boolean) {
  const sent: unknown[] = [];
  jest.spyOn(api, 'PUT').mockImplementation((async (path: string, init: { body: unknown }) => {
    sent.push({ path, body: init.body });
    if (refuse)
      return {
        error: {
          status: 'validation_error',
          message: 'Invalid.',
          errors: { required: [OWN_FIRST] },
        },
        response: { status: 422 } as Response,
      };
    return { data: { status: 'success', two_factor: init.body }, response: { status: 200 } };
  }) as never);
  return sent;
}

afterEach(() => jest.restoreAllMocks());

it('explains what requiring it does and how many members it shuts out', () => {
  renderWithProviders(<TwoFactorSection siteId={3} settings={settings(true, 2)} />);
  expect(screen.getByRole('switch', { name: /Require two-factor sign-in/ })).toBeChecked();
  expect(screen.getByText(/a member without it cannot open or change anything/)).toBeVisible();
  expect(screen.getByText(/API keys keep working/)).toBeVisible();
  expect(
    screen.getByText('2 members have two-factor sign-in off and cannot work on this site now.'),
  ).toBeVisible();
  expect(screen.getByRole('link', { name: 'your account page' })).toHaveAttribute(
    'href',
    '/app/account',
  );
});

it('sends the switch and shows the API’s refusal next to it', async () => {
  const sent = serve(true);
  renderWithProviders(<TwoFactorSection siteId={3} settings={settings(false, 1)} />);
  expect(screen.getByText('1 member has two-factor sign-in off.')).toBeVisible();
  const toggle = screen.getByRole('switch', { name: /Require two-factor sign-in/ });
  fireEvent.click(toggle);
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(toggle).toHaveAccessibleDescription(OWN_FIRST));
  expect(sent).toEqual([{ path: '/v1/site/two-factor', body: { required: true } }]);
});

it('turns the requirement off', async () => {
  const sent = serve(false);
  renderWithProviders(<TwoFactorSection siteId={3} settings={settings(true, 0)} />);
  expect(screen.getByText('Every member of this site has two-factor sign-in on.')).toBeVisible();
  fireEvent.click(screen.getByRole('switch', { name: /Require two-factor sign-in/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
  expect(sent).toEqual([{ path: '/v1/site/two-factor', body: { required: false } }]);
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../api/client';
import { renderWithProviders } from '../testing/render';
import { FirstSiteScreen } from './FirstSiteScreen';

const navigate = jest.fn();
jest.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate }));

describe('FirstSiteScreen (issue 38)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('sends the fields and shows the API’s message next to each refused one', async () => {
    const post = jest.spyOn(api, 'POST').mockResolvedValueOnce({
      error: {
        status: 'error',
        code: 'validation_error',
        message: 'The given data was invalid.',
        errors: { subdomain: ['The subdomain has already been taken.'] },
      },
      response: { status: 422 } as Response,
    } as never);
    renderWithProviders(<FirstSiteScreen />);
    await userEvent.type(screen.getByLabelText(/^Name/), 'Acme Help');
    await userEvent.type(screen.getByLabelText(/^Subdomain/), 'acme');
    const languages = screen.getByLabelText(/^Languages/);
    await userEvent.clear(languages);
    await userEvent.type(languages, 'en, de');
    await userEvent.click(screen.getByRole('button', { name: 'Create help center' }));
    expect(await screen.findByText('The subdomain has already been taken.')).toBeTruthy();
    expect(screen.getByLabelText(/^Subdomain/).getAttribute('aria-invalid')).toBe('true');
    expect(post).toHaveBeenCalledWith('/v1/session/sites', {
      body: {
        name: 'Acme Help',
        subdomain: 'acme',
        languages: ['en', 'de'],
        default_language: 'en',
      },
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('goes to the new site’s articles once it is created', async () => {
    jest.spyOn(api, 'POST').mockResolvedValueOnce({
      data: { status: 'success', data: { id: 12, name: 'A', subdomain: 'a', url: 'http://a' } },
      response: { status: 201 } as Response,
    } as never);
    renderWithProviders(<FirstSiteScreen />);
    await userEvent.type(screen.getByLabelText(/^Name/), 'A');
    await userEvent.type(screen.getByLabelText(/^Subdomain/), 'a');
    await userEvent.click(screen.getByRole('button', { name: 'Create help center' }));
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith({
        to: '/sites/$siteId/articles',
        params: { siteId: '12' },
      }),
    );
  });
});

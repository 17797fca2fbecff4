import { TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiRequestError } from '../api/client';
import { renderWithProviders } from '../testing/render';
import { SettingsForm } from './SettingsForm';

/** A section whose save the API refuses with `body` (status 422 or 403). */
function Refused({ status, body }: { status: number; body: unknown }) {
  const save = useMutation({
    mutationFn: (_: string) => Promise.reject(new ApiRequestError(status, body)),
  });
  return (
    <SettingsForm title="Custom domain" save={save} fields={['domain']} value={() => 'x'}>
      {(errors) => <TextInput label="Domain" error={errors.domain} />}
    </SettingsForm>
  );
}

it('shows the API’s own message next to the field it names', async () => {
  const message = 'Add a TXT record named _hc-verification.x.test with the value hc-verification=u';
  renderWithProviders(
    <Refused
      status={422}
      body={{
        status: 'validation_error',
        message: 'The request could not be accepted.',
        errors: { domain: [message] },
      }}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.getByLabelText('Domain')).toHaveAccessibleDescription(message));
  expect(screen.queryByRole('alert')).toBeNull();
});

it('shows a refusal no field names above the button, in the API’s words', async () => {
  const message = 'Your role on this site (editor) does not allow you to change site settings.';
  renderWithProviders(
    <Refused status={403} body={{ status: 'error', code: 'role_forbidden', message }} />,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
  expect(screen.getByRole('region', { name: 'Custom domain' })).toBeInTheDocument();
});

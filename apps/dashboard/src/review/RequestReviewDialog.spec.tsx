import { fireEvent, screen, waitFor } from '@testing-library/react';
import { api } from '../api/client';
import { renderWithProviders } from '../testing/render';
import { RequestReviewDialog } from './RequestReviewDialog';

const REVIEWERS = [
  { id: 1, name: 'Wendy', role: 'editor' },
  { id: 2, name: 'Ada', role: 'admin' },
];

afterEach(() => jest.restoreAllMocks());

it('offers the members who publish except the person asking, and sends the one chosen', async () => {
  jest.spyOn(api, 'GET').mockImplementation((async () => ({
    data: { status: 'success', reviewers: REVIEWERS },
    response: { status: 200 },
  })) as never);
  const sent: unknown[] = [];
  jest.spyOn(api, 'POST').mockImplementation((async (path: string, init: { body: unknown }) => {
    sent.push({ path, body: init.body });
    return {
      error: {
        status: 'validation_error',
        message: 'The request could not be accepted.',
        errors: { reviewer_id: ['The reviewer must be a member of this site who can publish.'] },
      },
      response: { status: 422 } as Response,
    };
  }) as never);
  const onClose = jest.fn();
  renderWithProviders(
    <RequestReviewDialog siteId={3} articleId={12} me={1} opened onClose={onClose} />,
  );
  const ask = screen.getByRole('button', { name: 'Ask for review' });
  expect(ask).toBeDisabled();
  const select = screen.getByRole('combobox', { name: 'Reviewer' });
  await waitFor(() => expect(screen.getByRole('option', { name: 'Ada (admin)' })).toBeTruthy());
  expect(screen.queryByRole('option', { name: 'Wendy (editor)' })).toBeNull();
  fireEvent.change(select, { target: { value: '2' } });
  fireEvent.change(screen.getByLabelText(/Message/), { target: { value: 'Tone ok?' } });
  fireEvent.click(ask);
  await waitFor(() =>
    expect(
      screen.getByText('The reviewer must be a member of this site who can publish.'),
    ).toBeVisible(),
  );
  expect(sent).toEqual([
    { path: '/v1/reviews', body: { article_id: 12, reviewer_id: 2, message: 'Tone ok?' } },
  ]);
  expect(onClose).not.toHaveBeenCalled();
});

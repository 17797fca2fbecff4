import { fireEvent, screen, waitFor } from '@testing-library/react';
import { api } from '../api/client';
import { renderWithProviders } from '../testing/render';
import { DecisionPanel, localToIso, ReviewBadge, reviewActions, ScheduleForm } from './ReviewPanel';
import type { Review } from './use-reviews';

const review = (over: Partial<Review> = {}): Review => ({
  id: 9,
  subject: 'article',
  article: { id: 12, title: 'Getting started' },
  change_set_id: null,
  requester: { id: 1, name: 'Wendy' },
  reviewer: { id: 2, name: 'Ada' },
  message: 'Tone ok?',
  status: 'pending',
  decided_by: null,
  decided_at: null,
  comment: null,
  publish_at: null,
  published_at: null,
  failure: null,
  created_at: '2026-11-29T04:00:00+00:00',
  updated_at: '2026-11-29T04:00:00+00:00',
  ...over,
});

/** The server: what was posted, answered with `answer` (status and body). */
function serve(answer: { status: number; body: unknown }) {
  const sent: unknown[] = [];
  jest.spyOn(api, 'POST').mockImplementation((async (path: string, init: { body: unknown }) => {
    sent.push({ path, body: init.body });
    return answer.status < 400
      ? { data: answer.body, response: { status: answer.status } }
      : { error: answer.body, response: { status: answer.status } as Response };
  }) as never);
  return sent;
}

afterEach(() => jest.restoreAllMocks());

it('lets the reviewer decide, never the person who asked; Owners and Admins decide too', () => {
  expect(reviewActions(review(), 2, false)).toEqual({ decide: true, schedule: false });
  expect(reviewActions(review(), 1, true)).toEqual({ decide: false, schedule: false });
  expect(reviewActions(review(), 3, false)).toEqual({ decide: false, schedule: false });
  expect(reviewActions(review(), 3, true).decide).toBe(true);
  expect(reviewActions(review({ status: 'approved' }), 1, false)).toEqual({
    decide: false,
    schedule: true,
  });
  expect(reviewActions(review({ status: 'approved' }), 3, false).schedule).toBe(false);
  expect(
    reviewActions(review({ status: 'approved', subject: 'change_set', article: null }), 1, false)
      .schedule,
  ).toBe(false);
});

it('approves with the comment typed', async () => {
  const sent = serve({ status: 200, body: { status: 'success', review: review() } });
  renderWithProviders(<DecisionPanel siteId={3} review={review()} />);
  expect(screen.getByText('Wendy asks for your review: “Tone ok?”')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Send back' })).toBeDisabled();
  fireEvent.change(screen.getByLabelText(/Comment/), { target: { value: 'Fine.' } });
  fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
  await waitFor(() =>
    expect(sent).toEqual([{ path: '/v1/reviews/{id}/approve', body: { comment: 'Fine.' } }]),
  );
});

it('sends back and shows the API’s refusal next to the comment', async () => {
  const message = 'You cannot approve or send back your own request.';
  const sent = serve({
    status: 403,
    body: { status: 'error', code: 'review_forbidden', message },
  });
  renderWithProviders(<DecisionPanel siteId={3} review={review({ message: null })} />);
  fireEvent.change(screen.getByLabelText(/Comment/), { target: { value: 'Shorter.' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send back' }));
  await waitFor(() => expect(screen.getByText(message)).toBeVisible());
  expect(sent).toEqual([{ path: '/v1/reviews/{id}/send-back', body: { comment: 'Shorter.' } }]);
});

it('schedules an approved change at the time chosen, and unschedules a scheduled one', async () => {
  const sent = serve({ status: 200, body: { status: 'success', review: review() } });
  renderWithProviders(
    <ScheduleForm siteId={3} review={review({ status: 'scheduled', publish_at: null })} />,
  );
  const button = screen.getByRole('button', { name: 'Schedule publish' });
  expect(button).toBeDisabled();
  fireEvent.change(screen.getByLabelText('Publish at'), { target: { value: '2026-12-01T09:30' } });
  fireEvent.click(button);
  await waitFor(() => expect(sent).toHaveLength(1));
  fireEvent.click(screen.getByRole('button', { name: 'Unschedule' }));
  await waitFor(() => expect(sent).toHaveLength(2));
  expect(sent).toEqual([
    { path: '/v1/reviews/{id}/schedule', body: { publish_at: localToIso('2026-12-01T09:30') } },
    { path: '/v1/reviews/{id}/schedule', body: { publish_at: null } },
  ]);
  expect(localToIso('')).toBeNull();
});

it('shows a scheduled review with its time', () => {
  renderWithProviders(
    <ReviewBadge review={review({ status: 'scheduled', publish_at: '2026-12-01T09:30:00Z' })} />,
  );
  expect(screen.getByText(/^Scheduled for /)).toBeVisible();
  renderWithProviders(<ReviewBadge review={review({ status: 'sent_back' })} />);
  expect(screen.getByText('Sent back')).toBeVisible();
});

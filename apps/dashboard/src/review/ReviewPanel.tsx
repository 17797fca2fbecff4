import { Badge, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formError } from '../ui/field-errors';
import { notifyDone } from '../ui/notify';
import { STATUS_LABELS, useDecide, useSchedule, type Review } from './use-reviews';

/** The moment a review will be (or was) published, in the person's own time zone. */
export const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A review's state as a badge; a scheduled one says when (colors meet WCAG AA contrast). */
export function ReviewBadge({ review }: { review: Review }) {
  const color = { approved: 'teal.9', scheduled: 'blue.9', sent_back: 'orange.9' }[
    review.status as string
  ];
  return (
    <Badge variant={color ? 'filled' : 'default'} color={color}>
      {review.status === 'scheduled' && review.publish_at
        ? `Scheduled for ${when(review.publish_at)}`
        : STATUS_LABELS[review.status]}
    </Badge>
  );
}

/** What may be done with a review, as the server decides it (this only hides the controls). */
export function reviewActions(review: Review, me: number, admin: boolean) {
  const involved = review.requester.id === me || review.reviewer.id === me || admin;
  return {
    decide:
      review.status === 'pending' &&
      review.requester.id !== me &&
      (review.reviewer.id === me || admin),
    schedule:
      involved && review.subject === 'article' && ['approved', 'scheduled'].includes(review.status),
  };
}

/**
 * The reviewer's panel (issue 39 item 7): approve with an optional comment, or send back with
 * what to change (the discussion itself is the article's team notes).
 */
export function DecisionPanel({ siteId, review }: { siteId: number; review: Review }) {
  const [comment, setComment] = useState('');
  const decide = useDecide(siteId);
  const send = (decision: 'approve' | 'send-back') =>
    decide.mutate(
      { id: review.id, decision, comment },
      { onSuccess: () => notifyDone(decision === 'approve' ? 'Approved' : 'Sent back') },
    );
  return (
    <Stack gap="xs">
      <Text size="sm">
        {review.requester.name} asks for your review
        {review.message ? `: “${review.message}”` : '.'}
      </Text>
      <Textarea
        label="Comment"
        description="Required to send it back: say what to change."
        value={comment}
        autosize
        minRows={2}
        onChange={(e) => setComment(e.currentTarget.value)}
        error={formError(decide.error) ?? undefined}
      />
      <Group gap="xs">
        <Button onClick={() => send('approve')} loading={decide.isPending}>
          Approve
        </Button>
        <Button
          variant="default"
          onClick={() => send('send-back')}
          disabled={decide.isPending || comment.trim() === ''}
        >
          Send back
        </Button>
      </Group>
    </Stack>
  );
}

/** `datetime-local` value → ISO time (the browser's zone), or null when empty or unreadable. */
export function localToIso(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** An approved change: publish it at a time, or take the time back. */
export function ScheduleForm({ siteId, review }: { siteId: number; review: Review }) {
  const [at, setAt] = useState('');
  const schedule = useSchedule(siteId);
  const save = (iso: string | null) =>
    schedule.mutate(
      { id: review.id, at: iso },
      { onSuccess: () => notifyDone(iso ? 'Publish scheduled' : 'Schedule removed') },
    );
  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-end">
        <TextInput
          type="datetime-local"
          label="Publish at"
          value={at}
          onChange={(e) => setAt(e.currentTarget.value)}
          error={formError(schedule.error) ?? undefined}
        />
        <Button
          onClick={() => save(localToIso(at))}
          disabled={!localToIso(at)}
          loading={schedule.isPending}
        >
          Schedule publish
        </Button>
        {review.status === 'scheduled' && (
          <Button variant="default" onClick={() => save(null)} disabled={schedule.isPending}>
            Unschedule
          </Button>
        )}
      </Group>
    </Stack>
  );
}

import { Button, Group, Modal, NativeSelect, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { fieldErrors, formError } from '../ui/field-errors';
import { notifyDone } from '../ui/notify';
import { useRequestReview, useReviewers } from './use-reviews';

/**
 * "Ask for review" (issue 39 item 7): names a reviewer among the members whose role publishes
 * (never the person asking), with a word for them; the reviewer is emailed.
 */
export function RequestReviewDialog(props: {
  siteId: number;
  articleId: number;
  me: number;
  opened: boolean;
  onClose: () => void;
}) {
  const reviewers = useReviewers(props.siteId, props.opened);
  const request = useRequestReview(props.siteId);
  const [reviewer, setReviewer] = useState('');
  const [message, setMessage] = useState('');
  const errors = fieldErrors(request.error);
  const other = formError(request.error, ['reviewer_id', 'message']);
  const submit = () =>
    request.mutate(
      { article_id: props.articleId, reviewer_id: Number(reviewer), message: message || null },
      {
        onSuccess: () => {
          notifyDone('Review requested');
          props.onClose();
        },
      },
    );
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Ask for review">
      <Stack gap="sm">
        <NativeSelect
          label="Reviewer"
          data={[
            { value: '', label: 'Choose a reviewer' },
            ...(reviewers.data ?? [])
              .filter((p) => p.id !== props.me)
              .map((p) => ({ value: String(p.id), label: `${p.name} (${p.role})` })),
          ]}
          value={reviewer}
          onChange={(e) => setReviewer(e.currentTarget.value)}
          error={errors.reviewer_id ?? other ?? undefined}
          data-autofocus
        />
        <Textarea
          label="Message"
          description="Optional: what to look at. Discuss the details in team notes."
          value={message}
          autosize
          minRows={2}
          onChange={(e) => setMessage(e.currentTarget.value)}
          error={errors.message}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!reviewer} loading={request.isPending}>
            Ask for review
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Button, Drawer, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { SessionSite } from '../api/contract';
import { useSession } from '../app/session';
import { DecisionPanel, ReviewBadge, reviewActions, ScheduleForm } from './ReviewPanel';
import { RequestReviewDialog } from './RequestReviewDialog';
import { useArticleReview, useReviewSetting } from './use-reviews';

/**
 * The editor's review controls (issue 39 item 7), beside its other buttons: the article's
 * latest request as a badge, "Ask for review" for people who write, and a drawer with the
 * reviewer's decision and the schedule of an approved change.
 */
export function ReviewControls(props: {
  site: SessionSite;
  articleId: number;
  hasChanges: boolean;
}) {
  const { site, articleId } = props;
  const me = useSession().user.id;
  const review = useArticleReview(site.id, articleId);
  const setting = useReviewSetting(site.id);
  const [asking, setAsking] = useState(false);
  const [open, setOpen] = useState(false);
  // A publish (or a discard) ends what was reviewed: read the request's state again.
  const refetch = review.refetch;
  useEffect(() => void refetch(), [props.hasChanges, refetch]);
  const admin = site.role === 'owner' || site.role === 'admin';
  const current = review.data ?? null;
  const may = current ? reviewActions(current, me, admin) : { decide: false, schedule: false };
  const required = setting.data?.require_approval === true && !admin;
  return (
    <>
      {current && <ReviewBadge review={current} />}
      {current && (
        <Button variant="default" onClick={() => setOpen(true)}>
          Review
        </Button>
      )}
      {props.hasChanges && (
        <Button variant="default" onClick={() => setAsking(true)}>
          Ask for review
        </Button>
      )}
      <RequestReviewDialog
        siteId={site.id}
        articleId={articleId}
        me={me}
        opened={asking}
        onClose={() => setAsking(false)}
      />
      {current && (
        <Drawer
          opened={open}
          onClose={() => setOpen(false)}
          position="right"
          size="md"
          title="Review"
          closeButtonProps={{ 'aria-label': 'Close the review' }}
        >
          <Stack gap="sm">
            <ReviewBadge review={current} />
            <Text size="sm">
              {current.requester.name} asked {current.reviewer.name} to review these changes
              {current.message ? `: “${current.message}”` : '.'}
            </Text>
            {current.comment && current.decided_by && (
              <Text size="sm">
                {current.decided_by.name}: “{current.comment}”
              </Text>
            )}
            {required && (
              <Text size="sm" c="dimmed">
                This site publishes people’s changes once a reviewer approves them; an edit after
                the approval needs a new review.
              </Text>
            )}
            {may.decide && <DecisionPanel siteId={site.id} review={current} />}
            {may.schedule && <ScheduleForm siteId={site.id} review={current} />}
          </Stack>
        </Drawer>
      )}
    </>
  );
}

import { Anchor, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useSession } from '../app/session';
import { ErrorNotice } from '../ui/ErrorNotice';
import { ListPager } from '../ui/ListPager';
import { PageHeader } from '../ui/PageHeader';
import { DecisionPanel, ReviewBadge, reviewActions, ScheduleForm, when } from './ReviewPanel';
import { useReviews, type Review, type ReviewList } from './use-reviews';

const route = getRouteApi('/sites/$siteId/reviews');

const LIST_LABELS: { value: ReviewList; label: string }[] = [
  { value: 'waiting', label: 'Waiting for my review' },
  { value: 'mine', label: 'I asked' },
  { value: 'all', label: 'All' },
];

/** Reviews (issue 39 item 7): what waits for my review, what I asked for, and every request. */
export function ReviewsScreen() {
  const { site } = route.useRouteContext();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const me = useSession().user.id;
  const admin = site.role === 'owner' || site.role === 'admin';
  const list = search.list ?? 'waiting';
  const reviews = useReviews(site.id, list, search.page ?? 1);
  const rows = reviews.data?.reviews ?? [];
  return (
    <>
      <PageHeader title="Reviews" />
      <SegmentedControl
        mb="md"
        aria-label="Which reviews"
        value={list}
        data={LIST_LABELS}
        onChange={(value) => void navigate({ search: { list: value as ReviewList } })}
      />
      {reviews.isError && <ErrorNotice error={reviews.error} />}
      {reviews.isSuccess && rows.length === 0 && (
        <Text c="dimmed">
          {list === 'waiting' ? 'Nothing waits for your review.' : 'No review requests yet.'}
        </Text>
      )}
      {rows.length > 0 && (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>What</Table.Th>
              <Table.Th>Asked by</Table.Th>
              <Table.Th>Reviewer</Table.Th>
              <Table.Th>State</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <ReviewRow key={r.id} siteId={site.id} review={r} me={me} admin={admin} />
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ListPager
        meta={reviews.data?.meta}
        noun="reviews"
        onPage={(page) => void navigate({ search: { list, page } })}
      />
    </>
  );
}

function ReviewRow(props: { siteId: number; review: Review; me: number; admin: boolean }) {
  const { review } = props;
  const may = reviewActions(review, props.me, props.admin);
  return (
    <>
      <Table.Tr>
        <Table.Td>
          {review.article ? (
            <Anchor
              renderRoot={(root) => (
                <Link
                  {...root}
                  to="/sites/$siteId/articles/$articleId"
                  params={{ siteId: String(props.siteId), articleId: String(review.article?.id) }}
                />
              )}
            >
              {review.article.title || `Article ${review.article.id}`}
            </Anchor>
          ) : (
            `Change set ${review.change_set_id}`
          )}
          {review.message && (
            <Text size="xs" c="dimmed">
              {review.message}
            </Text>
          )}
        </Table.Td>
        <Table.Td>{review.requester.name}</Table.Td>
        <Table.Td>{review.reviewer.name}</Table.Td>
        <Table.Td>
          <Stack gap={2}>
            <ReviewBadge review={review} />
            {review.comment && <Text size="xs">“{review.comment}”</Text>}
            {review.published_at && (
              <Text size="xs" c="dimmed">
                Published {when(review.published_at)}
              </Text>
            )}
          </Stack>
        </Table.Td>
      </Table.Tr>
      {(may.decide || may.schedule) && (
        <Table.Tr>
          <Table.Td colSpan={4}>
            <Paper p="xs">
              {may.decide ? (
                <DecisionPanel siteId={props.siteId} review={review} />
              ) : (
                <ScheduleForm siteId={props.siteId} review={review} />
              )}
            </Paper>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

import { Anchor, Badge, Button, Group, SegmentedControl, Table, Text } from '@mantine/core';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useCommentSettings } from '../settings/use-settings';
import { permissions } from '../app/session';
import { confirmDanger } from '../ui/confirm';
import { ListPager } from '../ui/ListPager';
import { notifyDone, notifyError } from '../ui/notify';
import { PageHeader } from '../ui/PageHeader';
import { SelectableTable, SelectCell, useSelection } from '../ui/selection';
import { COMMENT_STATES, type CommentState } from './search';
import {
  useAuthorEmail,
  useCommentAction,
  useCommentPage,
  type Comment,
  type QueueAction,
} from './use-moderation';

const route = getRouteApi('/sites/$siteId/moderation');

const LABELS: Record<CommentState, string> = {
  pending: 'Pending',
  published: 'Published',
  unpublished: 'Unpublished',
  deleted: 'Deleted',
};
/** Filled badges whose white text meets WCAG AA contrast. */
const STATE_COLORS: Record<CommentState, string> = {
  pending: 'indigo.8',
  published: 'teal.9',
  unpublished: 'gray.7',
  deleted: 'red.9',
};
const DONE: Record<QueueAction, string> = {
  approve: 'approved',
  unpublish: 'unpublished',
  delete: 'deleted',
};
const plural = (n: number) => `${n} ${n === 1 ? 'comment' : 'comments'}`;

/** The moderation queue (issue 38 item 7): approve, unpublish, delete; several at once. */
export function ModerationScreen() {
  const { site } = route.useRouteContext();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const can = permissions(site).editContent;
  const admin = permissions(site).siteSettings;
  const commentSettings = useCommentSettings(site.id);
  const moderated = commentSettings.data?.moderate ?? true;
  // The site's comment settings pick the default view: the pending queue while comments wait.
  const status = search.status ?? (moderated ? 'pending' : 'all');
  const list = useCommentPage(site.id, status === 'all' ? undefined : status, search.page ?? 1);
  const action = useCommentAction(site.id);
  const rows = list.data?.comments ?? [];
  const counts = list.data?.meta.status_counts ?? {};
  const selection = useSelection(rows.map((c) => c.id));

  const run = (kind: QueueAction, ids: number[]) =>
    action.mutate(
      { action: kind, ids },
      {
        onSuccess: ({ updated, failed }) => {
          if (updated.length) notifyDone(`${plural(updated.length)} ${DONE[kind]}.`);
          failed.forEach((f) => notifyError({ message: f.message }));
          selection.clear();
        },
        onError: notifyError,
      },
    );
  const confirmDelete = (ids: number[]) =>
    confirmDanger({
      title: `Delete ${plural(ids.length)}?`,
      body: 'Deleted comments leave the reader site and the queue.',
      confirm: 'Delete',
      onConfirm: () => run('delete', ids),
    });
  const actionsFor = (ids: number[], label: string) => (
    <>
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => run('approve', ids)}
        aria-label={`Approve ${label}`}
      >
        Approve
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => run('unpublish', ids)}
        aria-label={`Unpublish ${label}`}
      >
        Unpublish
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        onClick={() => confirmDelete(ids)}
        aria-label={`Delete ${label}`}
      >
        Delete
      </Button>
    </>
  );

  return (
    <>
      <PageHeader title="Comments" />
      <Text size="sm" c="dimmed" mb="sm">
        {moderated
          ? 'Reader comments wait here for approval before readers see them.'
          : 'Reader comments are published at once.'}{' '}
        {admin && (
          <Anchor
            underline="always"
            renderRoot={(props) => (
              <Link {...props} to="/sites/$siteId/settings" params={{ siteId: String(site.id) }} />
            )}
          >
            Comment settings
          </Anchor>
        )}
      </Text>
      <SegmentedControl
        mb="md"
        aria-label="Comment state"
        value={status}
        onChange={(v) => {
          selection.clear();
          void navigate({ search: { status: v as CommentState | 'all' } });
        }}
        data={[
          ...COMMENT_STATES.map((s) => ({ value: s, label: `${LABELS[s]} (${counts[s] ?? 0})` })),
          { value: 'all', label: 'All but deleted' },
        ]}
      />
      <SelectableTable
        can={can}
        selection={selection}
        noun="comment"
        bar={actionsFor(selection.ids, 'the selected comments')}
        columns={['Comment', 'Author', 'State']}
        list={list}
        count={rows.length}
        empty="No comments here."
        minWidth={700}
      >
        {rows.map((c) => (
          <Table.Tr key={c.id}>
            {can && (
              <SelectCell
                selection={selection}
                id={c.id}
                label={`Select the comment by ${c.author.name}`}
              />
            )}
            <Table.Td maw={420}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {c.text}
              </Text>
              <Text size="xs" c="dimmed">
                {c.created_at.slice(0, 16).replace('T', ' ')} · {c.lang} · on{' '}
                <Anchor
                  underline="always"
                  size="xs"
                  renderRoot={(props) => (
                    <Link
                      {...props}
                      to="/sites/$siteId/articles/$articleId"
                      params={{ siteId: String(site.id), articleId: String(c.article_id) }}
                    />
                  )}
                >
                  article {c.article_id}
                </Anchor>
                {c.parent_id !== null && ` · reply to comment ${c.parent_id}`}
              </Text>
            </Table.Td>
            <Table.Td>
              <Author comment={c} canSeeEmail={admin} />
            </Table.Td>
            <Table.Td>
              <Badge variant="filled" color={STATE_COLORS[c.status]}>
                {LABELS[c.status]}
              </Badge>
            </Table.Td>
            {can && (
              <Table.Td ta="right">
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {actionsFor([c.id], `the comment by ${c.author.name}`)}
                </Group>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </SelectableTable>
      <ListPager
        meta={list.data?.meta}
        noun="comments"
        onPage={(p) => void navigate({ search: { ...search, page: p > 1 ? p : undefined } })}
      />
    </>
  );
}

/** The author's name; an Owner or Admin may ask for a reader's email (recorded in the audit log). */
function Author({ comment, canSeeEmail }: { comment: Comment; canSeeEmail: boolean }) {
  const email = useAuthorEmail();
  return (
    <>
      <Text size="sm">
        {comment.author.name}{' '}
        <Badge size="xs" variant="outline">
          {comment.author.type === 'reader' ? 'reader' : 'team'}
        </Badge>
      </Text>
      {canSeeEmail &&
        comment.author.type === 'reader' &&
        (email.data ? (
          <Text size="xs">{email.data.email}</Text>
        ) : (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => email.mutate(comment.id, { onError: notifyError })}
            loading={email.isPending}
            aria-label={`Show the email of ${comment.author.name}`}
          >
            Show email
          </Button>
        ))}
    </>
  );
}

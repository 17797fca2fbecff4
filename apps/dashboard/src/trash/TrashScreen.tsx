import { Button, Checkbox, Group, Paper, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { permissions } from '../app/session';
import { ErrorNotice } from '../ui/ErrorNotice';
import { ListPager } from '../ui/ListPager';
import { localized } from '../ui/localized';
import { notifyDone, notifyError } from '../ui/notify';
import { PageHeader } from '../ui/PageHeader';
import { useTrashAction, useTrashPage } from './use-trash';

const route = getRouteApi('/sites/$siteId/trash');

const plural = (n: number) => `${n} ${n === 1 ? 'article' : 'articles'}`;

/** The Trash (issue 37 item 8): restore, delete for good, empty; several at once. */
export function TrashScreen() {
  const { site } = route.useRouteContext();
  const { page = 1 } = route.useSearch();
  const navigate = route.useNavigate();
  const can = permissions(site).editContent;
  const list = useTrashPage(site.id, page);
  const action = useTrashAction(site.id);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const rows = list.data?.articles ?? [];
  const allOnPage = rows.length > 0 && rows.every((a) => selected.has(a.id));

  const run = (kind: 'restore' | 'delete', ids: number[]) =>
    action.mutate(
      { kind, ids },
      {
        onSuccess: ({ done, failed }) => {
          if (done)
            notifyDone(`${plural(done)} ${kind === 'restore' ? 'restored' : 'deleted for good'}.`);
          failed.forEach((message) => notifyError({ message }));
          setSelected(new Set());
        },
        onError: notifyError,
      },
    );
  const confirmDelete = (ids: number[]) =>
    modals.openConfirmModal({
      title: `Delete ${plural(ids.length)} for good?`,
      children: <Text size="sm">This cannot be undone.</Text>,
      labels: { confirm: 'Delete for good', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => run('delete', ids),
    });
  const confirmEmpty = () =>
    modals.openConfirmModal({
      title: 'Empty the Trash?',
      children: (
        <Text size="sm">
          Every article in the Trash is deleted for good. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Empty the Trash', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        action.mutate(
          { kind: 'empty' },
          { onSuccess: () => notifyDone('The Trash is empty.'), onError: notifyError },
        ),
    });

  return (
    <>
      <PageHeader title="Trash">
        {can && rows.length > 0 && (
          <Button color="red" variant="light" onClick={confirmEmpty} loading={action.isPending}>
            Empty the Trash
          </Button>
        )}
      </PageHeader>
      {can && selected.size > 0 && (
        <Paper withBorder p="xs" mb="sm" role="region" aria-label="Selected articles">
          <Group gap="sm">
            <Text size="sm" fw={600}>
              {selected.size} selected
            </Text>
            <Button
              size="xs"
              variant="light"
              onClick={() => run('restore', [...selected])}
              loading={action.isPending}
            >
              Restore
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              onClick={() => confirmDelete([...selected])}
              loading={action.isPending}
            >
              Delete for good
            </Button>
          </Group>
        </Paper>
      )}
      {list.isError && <ErrorNotice error={list.error} />}
      <Table.ScrollContainer minWidth={600}>
        <Table highlightOnHover verticalSpacing="xs" aria-busy={list.isFetching}>
          <Table.Thead>
            <Table.Tr>
              {can && (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Select every article on this page"
                    checked={allOnPage}
                    onChange={() =>
                      setSelected(allOnPage ? new Set() : new Set(rows.map((a) => a.id)))
                    }
                  />
                </Table.Th>
              )}
              <Table.Th>Title</Table.Th>
              <Table.Th>Updated</Table.Th>
              {can && <Table.Th ta="right">Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((a) => {
              const title = localized(a.title, site.default_language) || `Untitled (${a.id})`;
              return (
                <Table.Tr key={a.id}>
                  {can && (
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select ${title}`}
                        checked={selected.has(a.id)}
                        onChange={() =>
                          setSelected((prev) => {
                            const next = new Set(prev);
                            if (!next.delete(a.id)) next.add(a.id);
                            return next;
                          })
                        }
                      />
                    </Table.Td>
                  )}
                  <Table.Td>{title}</Table.Td>
                  <Table.Td style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {a.updated_at.slice(0, 16).replace('T', ' ')}
                  </Table.Td>
                  {can && (
                    <Table.Td ta="right">
                      <Group gap={4} justify="flex-end">
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          onClick={() => run('restore', [a.id])}
                          aria-label={`Restore ${title}`}
                        >
                          Restore
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          onClick={() => confirmDelete([a.id])}
                          aria-label={`Delete ${title} for good`}
                        >
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.isSuccess && rows.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          The Trash is empty.
        </Text>
      )}
      <ListPager
        meta={list.data?.meta}
        noun="in the Trash"
        onPage={(p) => void navigate({ search: { page: p > 1 ? p : undefined } })}
      />
    </>
  );
}

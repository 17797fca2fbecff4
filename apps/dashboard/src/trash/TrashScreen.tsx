import { Button, Group, Table } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { permissions } from '../app/session';
import { confirmDanger } from '../ui/confirm';
import { ListPager } from '../ui/ListPager';
import { localized } from '../ui/localized';
import { notifyDone, notifyError, outcome } from '../ui/notify';
import { PageHeader } from '../ui/PageHeader';
import { SelectableTable, SelectCell, useSelection } from '../ui/selection';
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
  const rows = list.data?.articles ?? [];
  const selection = useSelection(rows.map((a) => a.id));

  const run = (kind: 'restore' | 'delete', ids: number[]) =>
    action.mutate(
      { kind, ids },
      {
        onSuccess: ({ done, failed }) => {
          if (done)
            notifyDone(`${plural(done)} ${kind === 'restore' ? 'restored' : 'deleted for good'}.`);
          failed.forEach((message) => notifyError({ message }));
          selection.clear();
        },
        onError: notifyError,
      },
    );
  const confirmDelete = (ids: number[]) =>
    confirmDanger({
      title: `Delete ${plural(ids.length)} for good?`,
      body: 'This cannot be undone.',
      confirm: 'Delete for good',
      onConfirm: () => run('delete', ids),
    });
  const confirmEmpty = () =>
    confirmDanger({
      title: 'Empty the Trash?',
      body: 'Every article in the Trash is deleted for good. This cannot be undone.',
      confirm: 'Empty the Trash',
      onConfirm: () => action.mutate({ kind: 'empty' }, outcome('The Trash is empty.')),
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
      <SelectableTable
        can={can}
        selection={selection}
        noun="article"
        bar={
          <>
            <Button
              size="xs"
              variant="light"
              onClick={() => run('restore', selection.ids)}
              loading={action.isPending}
            >
              Restore
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              onClick={() => confirmDelete(selection.ids)}
              loading={action.isPending}
            >
              Delete for good
            </Button>
          </>
        }
        columns={['Title', 'Updated']}
        list={list}
        count={rows.length}
        empty="The Trash is empty."
        minWidth={600}
        highlightOnHover
      >
        {rows.map((a) => {
          const title = localized(a.title, site.default_language) || `Untitled (${a.id})`;
          return (
            <Table.Tr key={a.id}>
              {can && <SelectCell selection={selection} id={a.id} label={`Select ${title}`} />}
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
      </SelectableTable>
      <ListPager
        meta={list.data?.meta}
        noun="in the Trash"
        onPage={(p) => void navigate({ search: { page: p > 1 ? p : undefined } })}
      />
    </>
  );
}

import { Button, Group, Paper, Select, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import type { BulkAction, Category, SessionSite } from '../api/contract';
import { localized } from '../ui/localized';
import { notifyDone, notifyError } from '../ui/notify';
import { useBulkAction } from './use-articles';

const DONE: Record<BulkAction, string> = {
  trash: 'moved to the Trash',
  publish: 'published',
  unpublish: 'unpublished',
  set_category: 'moved to the category',
  restore: 'restored',
  delete: 'deleted for good',
};

/** What to do with the selected articles: each button is one request for all of them. */
export function BulkBar(props: {
  site: SessionSite;
  ids: number[];
  categories: Category[];
  onDone: () => void;
}) {
  const bulk = useBulkAction(props.site.id);
  const [category, setCategory] = useState<string | null>(null);
  const n = props.ids.length;
  const run = (action: BulkAction, categoryId?: number | null) =>
    bulk.mutate(
      { action, ids: props.ids, ...(action === 'set_category' ? { category_id: categoryId } : {}) },
      {
        onSuccess: ({ data }) => {
          if (data.updated.length)
            notifyDone(
              `${data.updated.length} ${data.updated.length === 1 ? 'article' : 'articles'} ${DONE[action]}.`,
            );
          for (const f of data.failed) notifyError({ message: `Article ${f.id}: ${f.message}` });
          props.onDone();
        },
        onError: notifyError,
      },
    );
  const confirmTrash = () =>
    modals.openConfirmModal({
      title: `Move ${n} ${n === 1 ? 'article' : 'articles'} to the Trash?`,
      children: <Text size="sm">They can be restored from the Trash.</Text>,
      labels: { confirm: 'Move to Trash', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => run('trash'),
    });
  return (
    <Paper withBorder p="xs" mb="sm" role="region" aria-label="Selected articles">
      <Group gap="sm" wrap="wrap">
        <Text size="sm" fw={600}>
          {n} selected
        </Text>
        <Button size="xs" variant="light" loading={bulk.isPending} onClick={() => run('publish')}>
          Publish
        </Button>
        <Button size="xs" variant="light" loading={bulk.isPending} onClick={() => run('unpublish')}>
          Unpublish
        </Button>
        <Group gap={4}>
          <Select
            size="xs"
            aria-label="Category to move to"
            placeholder="Change category…"
            data={[
              { value: 'none', label: 'No category' },
              ...props.categories.map((c) => ({
                value: String(c.id),
                label: localized(c.name, props.site.default_language) || `Category ${c.id}`,
              })),
            ]}
            value={category}
            onChange={setCategory}
            w={180}
            searchable
          />
          <Button
            size="xs"
            variant="light"
            disabled={!category}
            loading={bulk.isPending}
            onClick={() => run('set_category', category === 'none' ? null : Number(category))}
          >
            Move
          </Button>
        </Group>
        <Button
          size="xs"
          color="red"
          variant="light"
          loading={bulk.isPending}
          onClick={confirmTrash}
        >
          Move to Trash
        </Button>
      </Group>
    </Paper>
  );
}

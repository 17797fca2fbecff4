import { Button, Grid, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import type { Category, SessionSite } from '../api/contract';
import { permissions } from '../app/session';
import { ErrorNotice } from '../ui/ErrorNotice';
import { localized } from '../ui/localized';
import { notifyError } from '../ui/notify';
import { PageHeader } from '../ui/PageHeader';
import { SortableList } from '../ui/SortableList';
import { CategoryPanel } from './CategoryPanel';
import { openCreateCategory } from './CreateCategory';
import { useCategoryActions } from './use-category-actions';
import { useCategories } from './use-categories';

const route = getRouteApi('/sites/$siteId/categories');

/** The category tree (issue 37 item 7): order by drag or keyboard; a category's articles beside it. */
export function CategoriesScreen() {
  const { site } = route.useRouteContext();
  const can = permissions(site).editContent;
  const categories = useCategories(site.id);
  const actions = useCategoryActions(site.id);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const all = categories.data ?? [];
  const selected = all.find((c) => c.id === selectedId) ?? null;

  return (
    <>
      <PageHeader title="Categories">
        {can && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => openCreateCategory(site, all, actions.create)}
          >
            New category
          </Button>
        )}
      </PageHeader>
      {categories.isError && <ErrorNotice error={categories.error} />}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="sm">
            {categories.isSuccess && all.length === 0 && <Text c="dimmed">No categories yet.</Text>}
            <Level
              site={site}
              all={all}
              parent={null}
              editable={can}
              selectedId={selectedId}
              onSelect={setSelectedId}
              onReorder={(order) => actions.reorder.mutate(order, { onError: notifyError })}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {selected ? (
            <CategoryPanel
              key={selected.id}
              site={site}
              category={selected}
              all={all}
              editable={can}
              onDeleted={() => setSelectedId(null)}
            />
          ) : (
            <Text c="dimmed">Choose a category to rename it, delete it or order its articles.</Text>
          )}
        </Grid.Col>
      </Grid>
    </>
  );
}

/** One parent's children, sortable among themselves, each with its own children below. */
function Level(props: {
  site: SessionSite;
  all: Category[];
  parent: number | null;
  editable: boolean;
  selectedId: number | null;
  onSelect: (id: number) => void;
  onReorder: (order: number[]) => void;
}) {
  const children = props.all
    .filter((c) => c.parent === props.parent)
    .map((c) => ({
      ...c,
      label: localized(c.name, props.site.default_language) || `Category ${c.id}`,
    }));
  if (!children.length) return null;
  return (
    <SortableList
      items={children}
      label={props.parent === null ? 'Top-level categories' : 'Subcategories'}
      editable={props.editable}
      onReorder={(ids) => props.onReorder(ids)}
      renderItem={(c, handle) => (
        <Stack gap={0}>
          <Group gap={4} wrap="nowrap" py={2}>
            {handle}
            <UnstyledButton
              onClick={() => props.onSelect(c.id)}
              aria-current={props.selectedId === c.id ? 'true' : undefined}
              px="xs"
              py={4}
              style={{
                flex: 1,
                borderRadius: 6,
                fontWeight: props.selectedId === c.id ? 600 : 400,
                background:
                  props.selectedId === c.id ? 'var(--mantine-color-default-hover)' : undefined,
              }}
            >
              {c.label}
            </UnstyledButton>
          </Group>
          <div style={{ paddingLeft: 24 }}>
            <Level {...props} parent={c.id} />
          </div>
        </Stack>
      )}
    />
  );
}

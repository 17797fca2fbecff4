import { Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { ApiRequestError } from '../api/client';
import type { Category, SessionSite } from '../api/contract';
import { ErrorNotice } from '../ui/ErrorNotice';
import { localized } from '../ui/localized';
import { notifyDone, notifyError } from '../ui/notify';
import { SortableList } from '../ui/SortableList';
import { useCategoryActions, useCategoryArticles } from './use-category-actions';

/** One category: its name in each language, deleting it, and the order of its articles. */
export function CategoryPanel(props: {
  site: SessionSite;
  category: Category;
  all: Category[];
  editable: boolean;
  onDeleted: () => void;
}) {
  const { site, category } = props;
  const actions = useCategoryActions(site.id);
  const articles = useCategoryArticles(site.id, category.id);
  const [names, setNames] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      site.languages.map((l) => [l, Array.isArray(category.name) ? '' : (category.name[l] ?? '')]),
    ),
  );
  const label = localized(category.name, site.default_language);
  const holds = props.all.some((c) => c.parent === category.id) || (articles.data?.length ?? 0) > 0;

  const remove = (onOrphan?: 'uncategorize' | 'reparent') =>
    actions.remove.mutate(
      { id: category.id, onOrphan },
      {
        onSuccess: () => {
          notifyDone(`Category “${label}” deleted.`);
          props.onDeleted();
        },
        onError: (err) => {
          // The server refuses to delete a category that holds something without a choice.
          if (err instanceof ApiRequestError && !onOrphan && err.status < 500) confirmDelete(true);
          else notifyError(err);
        },
      },
    );
  const confirmDelete = (askOrphans: boolean) => {
    const picked: { choice: 'uncategorize' | 'reparent' } = { choice: 'uncategorize' };
    modals.openConfirmModal({
      title: `Delete “${label}”?`,
      children: askOrphans ? (
        <Stack gap="xs">
          <Text size="sm">
            It holds articles or subcategories. Articles are never deleted: what should happen to
            them?
          </Text>
          <Radio.Group
            defaultValue="uncategorize"
            onChange={(v) =>
              (picked.choice = String(v) === 'reparent' ? 'reparent' : 'uncategorize')
            }
          >
            <Stack gap={6}>
              <Radio
                value="uncategorize"
                label="Leave them without a category (subcategories move to the top level)"
              />
              <Radio value="reparent" label="Move them to the parent category" />
            </Stack>
          </Radio.Group>
        </Stack>
      ) : (
        <Text size="sm">The category is empty.</Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove(askOrphans ? picked.choice : undefined),
    });
  };

  return (
    <Stack>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          {label}
        </Title>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const name = Object.fromEntries(Object.entries(names).filter(([, v]) => v.trim()));
            actions.rename.mutate(
              { id: category.id, name },
              { onSuccess: () => notifyDone('Names saved.'), onError: notifyError },
            );
          }}
        >
          <Stack gap="xs">
            {site.languages.map((l) => (
              <TextInput
                key={l}
                label={`Name (${l})`}
                value={names[l] ?? ''}
                readOnly={!props.editable}
                required={l === site.default_language}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  setNames((prev) => ({ ...prev, [l]: v }));
                }}
              />
            ))}
            {props.editable && (
              <Group justify="space-between" mt="xs">
                <Button type="submit" loading={actions.rename.isPending}>
                  Save names
                </Button>
                <Button
                  color="red"
                  variant="light"
                  onClick={() => confirmDelete(holds)}
                  loading={actions.remove.isPending}
                >
                  Delete category
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          Articles in this category
        </Title>
        {props.editable && (
          <Text size="sm" c="dimmed" mb="xs">
            Drag to reorder, or use the arrows. Readers see this order when the category sorts its
            articles by Custom.
          </Text>
        )}
        {articles.isError && <ErrorNotice error={articles.error} />}
        {articles.isSuccess && articles.data.length === 0 && <Text c="dimmed">No articles.</Text>}
        <SortableList
          items={(articles.data ?? []).map((a) => ({
            id: a.id,
            label: localized(a.title, site.default_language) || `Article ${a.id}`,
          }))}
          label={`Articles in ${label}`}
          editable={props.editable}
          onReorder={(order) =>
            actions.reorderArticles.mutate({ id: category.id, order }, { onError: notifyError })
          }
          renderItem={(a, handle) => (
            <Group gap={4} wrap="nowrap" py={2}>
              {handle}
              <Text size="sm">{a.label}</Text>
            </Group>
          )}
        />
      </Paper>
    </Stack>
  );
}

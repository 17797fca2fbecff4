import { Checkbox, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { Category, SessionSite } from '../api/contract';
import { localized } from '../ui/localized';
import type { ArticlesSearch } from './search';

const SORTS = [
  { value: 'updated_at:desc', label: 'Recently updated' },
  { value: 'updated_at:asc', label: 'Least recently updated' },
  { value: 'views:desc', label: 'Most viewed' },
  { value: 'views:asc', label: 'Least viewed' },
];

/** The spec's filters of the articles list; every change is a new URL (shareable, back-able). */
export function ArticleFilters(props: {
  site: SessionSite;
  search: ArticlesSearch;
  categories: Category[];
  onChange: (next: Partial<ArticlesSearch>) => void;
}) {
  const { search, onChange, site } = props;
  const [text, setText] = useState(search.q ?? '');
  const commitText = useDebouncedCallback(
    (q: string) => onChange({ q: q.trim() || undefined }),
    300,
  );
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <TextInput
        label="Search"
        placeholder="Title or content"
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          commitText(e.currentTarget.value);
        }}
        w={240}
      />
      <Select
        label="Status"
        data={[
          { value: 'all', label: 'All' },
          { value: 'published', label: 'Published' },
          { value: 'draft', label: 'Draft' },
        ]}
        value={search.status ?? 'all'}
        onChange={(v) => onChange({ status: v === 'published' || v === 'draft' ? v : undefined })}
        allowDeselect={false}
        w={130}
      />
      <Select
        label="Category"
        data={[
          { value: 'all', label: 'All' },
          ...props.categories.map((c) => ({
            value: String(c.id),
            label: localized(c.name, site.default_language) || `Category ${c.id}`,
          })),
        ]}
        value={search.category ? String(search.category) : 'all'}
        onChange={(v) => onChange({ category: v && v !== 'all' ? Number(v) : undefined })}
        allowDeselect={false}
        searchable
        w={200}
      />
      <Select
        label="Language"
        data={[
          { value: 'all', label: 'All' },
          ...site.languages.map((l) => ({ value: l, label: l })),
        ]}
        value={search.lang ?? 'all'}
        onChange={(v) => onChange({ lang: v && v !== 'all' ? v : undefined })}
        allowDeselect={false}
        w={110}
      />
      <TextInput
        type="date"
        label="Updated since"
        value={search.updated_since ?? ''}
        onChange={(e) => onChange({ updated_since: e.currentTarget.value || undefined })}
        w={160}
      />
      <Select
        label="Sort"
        data={SORTS}
        value={`${search.sort ?? 'updated_at'}:${search.order ?? 'desc'}`}
        onChange={(v) => {
          const [sort, order] = (v ?? 'updated_at:desc').split(':');
          onChange({
            sort: sort === 'views' ? 'views' : undefined,
            order: order === 'asc' ? 'asc' : undefined,
          });
        }}
        allowDeselect={false}
        w={200}
      />
      <Checkbox
        label="Outdated translations"
        checked={!!search.outdated}
        onChange={(e) => onChange({ outdated: e.currentTarget.checked || undefined })}
        mb={8}
      />
    </Group>
  );
}

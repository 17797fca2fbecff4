import { Anchor, Badge, Button, Checkbox, Group, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Article, Category } from '../api/contract';
import { permissions } from '../app/session';
import { useCategories } from '../categories/use-categories';
import { ErrorNotice } from '../ui/ErrorNotice';
import { ListPager } from '../ui/ListPager';
import { localized } from '../ui/localized';
import { PageHeader } from '../ui/PageHeader';
import { ArticleFilters } from './ArticleFilters';
import { BulkBar } from './BulkBar';
import type { ArticlesSearch } from './search';
import { useArticlesPage } from './use-articles';

const route = getRouteApi('/sites/$siteId/articles');

/** The site's articles (issue 37 item 3): filters, sort and page live in the URL. */
export function ArticlesScreen() {
  const { site } = route.useRouteContext();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const can = permissions(site);
  const list = useArticlesPage(site.id, search);
  const categories = useCategories(site.id);
  const [selected, setSelected] = useState<Set<number>>(new Set());

  const change = (next: Partial<ArticlesSearch>) => {
    setSelected(new Set());
    // A new filter starts at page 1; a page change keeps the filters.
    void navigate({
      search: (prev) => ({ ...prev, ...next, page: 'page' in next ? next.page : undefined }),
    });
  };
  const rows = list.data?.articles ?? [];
  const allOnPage = rows.length > 0 && rows.every((a) => selected.has(a.id));
  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <PageHeader title="Articles">
        {can.editContent && (
          <Button
            renderRoot={(p) => (
              <Link {...p} to="/sites/$siteId/articles/new" params={{ siteId: String(site.id) }} />
            )}
            leftSection={<IconPlus size={16} />}
          >
            New article
          </Button>
        )}
      </PageHeader>
      <ArticleFilters
        site={site}
        search={search}
        categories={categories.data ?? []}
        onChange={change}
      />
      {can.editContent && selected.size > 0 && (
        <BulkBar
          site={site}
          ids={[...selected]}
          categories={categories.data ?? []}
          onDone={() => setSelected(new Set())}
        />
      )}
      {list.isError && <ErrorNotice error={list.error} />}
      <Table.ScrollContainer minWidth={720}>
        <Table highlightOnHover verticalSpacing="xs" aria-busy={list.isFetching}>
          <Table.Thead>
            <Table.Tr>
              {can.editContent && (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Select every article on this page"
                    checked={allOnPage}
                    indeterminate={!allOnPage && rows.some((a) => selected.has(a.id))}
                    onChange={() =>
                      setSelected(allOnPage ? new Set() : new Set(rows.map((a) => a.id)))
                    }
                  />
                </Table.Th>
              )}
              <Table.Th>Title</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Category</Table.Th>
              <Table.Th>Languages</Table.Th>
              <Table.Th>Updated</Table.Th>
              <Table.Th ta="right">Views</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((a) => (
              <ArticleRow
                key={a.id}
                article={a}
                lang={search.lang ?? site.default_language}
                siteId={String(site.id)}
                categories={categories.data ?? []}
                selectable={can.editContent}
                selected={selected.has(a.id)}
                onToggle={() => toggle(a.id)}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.isSuccess && rows.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          No articles match these filters.
        </Text>
      )}
      <ListPager meta={list.data?.meta} noun="articles" onPage={(page) => change({ page })} />
    </>
  );
}

function ArticleRow(props: {
  article: Article;
  lang: string;
  siteId: string;
  categories: Category[];
  selectable: boolean;
  selected: boolean;
  onToggle: () => void;
}) {
  const { article: a } = props;
  const title = localized(a.title, props.lang) || `Untitled (${a.id})`;
  const category = props.categories.find((c) => c.id === a.category_id);
  return (
    <Table.Tr>
      {props.selectable && (
        <Table.Td>
          <Checkbox
            aria-label={`Select ${title}`}
            checked={props.selected}
            onChange={props.onToggle}
          />
        </Table.Td>
      )}
      <Table.Td>
        <Anchor
          renderRoot={(p) => (
            <Link
              {...p}
              to="/sites/$siteId/articles/$articleId"
              params={{ siteId: props.siteId, articleId: String(a.id) }}
            />
          )}
          fw={500}
        >
          {title}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          <Badge
            variant={a.published ? 'filled' : 'default'}
            color={a.published ? 'teal.9' : undefined}
          >
            {a.published ? 'Published' : 'Draft'}
          </Badge>
          {a.has_staged_changes && (
            <Badge variant="outline" color="orange.9">
              Staged
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        {category ? (
          localized(category.name, props.lang)
        ) : (
          <Text c="dimmed" size="sm">
            None
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {Object.keys(a.title).map((l) => (
            <Badge
              key={l}
              size="sm"
              variant={a.outdated_translations?.includes(l) ? 'outline' : 'default'}
              color={a.outdated_translations?.includes(l) ? 'orange.9' : undefined}
              title={a.outdated_translations?.includes(l) ? `${l}: outdated` : l}
            >
              {l}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {a.updated_at.slice(0, 16).replace('T', ' ')}
        </Text>
      </Table.Td>
      <Table.Td ta="right">{(a.views ?? 0).toLocaleString()}</Table.Td>
    </Table.Tr>
  );
}

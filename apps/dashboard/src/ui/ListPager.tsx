import { Group, Pagination, Text } from '@mantine/core';
import type { PageMeta } from '../api/contract';

/** The page links of a server-paged list, with its count. */
export function ListPager(props: {
  meta: PageMeta | undefined;
  onPage: (page: number) => void;
  noun: string;
}) {
  const { meta } = props;
  if (!meta) return null;
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {meta.items_count.toLocaleString()} {props.noun}
      </Text>
      {meta.total_pages > 1 && (
        <Pagination
          total={meta.total_pages}
          value={meta.page}
          onChange={props.onPage}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
        />
      )}
    </Group>
  );
}

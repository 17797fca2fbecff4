import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorNotice } from './ErrorNotice';

/** A column head; `actions` is the last one, aligned right like its buttons. */
export type Column = string | { head: ReactNode; width?: number; actions?: boolean };

/**
 * A list screen's table: the load error in the server's words, the heads, the rows
 * (`children`), `aria-busy` while it loads, and `empty` once it answered with no row.
 */
export function ResourceTable(props: {
  label?: string;
  columns: Column[];
  list: { isError: boolean; error: unknown; isFetching: boolean; isSuccess: boolean };
  count: number;
  empty: string;
  minWidth: number;
  highlightOnHover?: boolean;
  children: ReactNode;
}) {
  const { list } = props;
  return (
    <>
      {list.isError && <ErrorNotice error={list.error} />}
      <Table.ScrollContainer minWidth={props.minWidth}>
        <Table
          verticalSpacing="xs"
          highlightOnHover={props.highlightOnHover}
          aria-label={props.label}
          aria-busy={list.isFetching}
        >
          <Table.Thead>
            <Table.Tr>
              {props.columns.map((c, i) =>
                typeof c === 'string' ? (
                  <Table.Th key={c}>{c}</Table.Th>
                ) : (
                  <Table.Th key={i} w={c.width} ta={c.actions ? 'right' : undefined}>
                    {c.head}
                  </Table.Th>
                ),
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{props.children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.isSuccess && props.count === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {props.empty}
        </Text>
      )}
    </>
  );
}

/** The "Actions" head of a table whose last column holds each row's buttons. */
export const ACTIONS: Column = { head: 'Actions', actions: true };

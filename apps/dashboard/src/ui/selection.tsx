import { Checkbox, Group, Paper, Table, Text } from '@mantine/core';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { ACTIONS, ResourceTable, type Column } from './ResourceTable';

/** The rows picked on a page of a list with multi-select actions (by id). */
export function useSelection(ids: number[]) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const allOnPage = ids.length > 0 && ids.every((id) => selected.has(id));
  return {
    selected,
    ids: [...selected],
    clear: () => setSelected(new Set()),
    toggle: (id: number) =>
      setSelected((prev) => {
        const next = new Set(prev);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    /** The head's column: a checkbox that picks every row on the page, or none. */
    column: (label: string): Column => ({
      width: 40,
      head: (
        <Checkbox
          aria-label={label}
          checked={allOnPage}
          onChange={() => setSelected(allOnPage ? new Set() : new Set(ids))}
        />
      ),
    }),
  };
}

/** The bar of actions on the picked rows, shown while some are picked. */
export function SelectionBar(props: { label: string; count: number; children: ReactNode }) {
  if (props.count === 0) return null;
  return (
    <Paper withBorder p="xs" mb="sm" role="region" aria-label={props.label}>
      <Group gap="sm">
        <Text size="sm" fw={600}>
          {props.count} selected
        </Text>
        {props.children}
      </Group>
    </Paper>
  );
}

type Selection = ReturnType<typeof useSelection>;

/** A row's checkbox of a list with multi-select actions. */
export function SelectCell(props: { selection: Selection; id: number; label: string }) {
  return (
    <Table.Td>
      <Checkbox
        aria-label={props.label}
        checked={props.selection.selected.has(props.id)}
        onChange={() => props.selection.toggle(props.id)}
      />
    </Table.Td>
  );
}

/**
 * A list with multi-select actions (the Trash, the comment queue): for people who may act, the
 * bar of actions on the picked rows, a select-all head and an actions column; the rows
 * (`children`) add their own SelectCell and actions cell when `can`.
 */
export function SelectableTable(
  props: Omit<ComponentProps<typeof ResourceTable>, 'columns'> & {
    can: boolean;
    selection: Selection;
    /** What a row is, in the labels: "article", "comment". */
    noun: string;
    bar: ReactNode;
    columns: Column[];
  },
) {
  const { can, selection, noun, bar, columns, ...table } = props;
  return (
    <>
      {can && (
        <SelectionBar label={`Selected ${noun}s`} count={selection.ids.length}>
          {bar}
        </SelectionBar>
      )}
      <ResourceTable
        {...table}
        columns={
          can
            ? [selection.column(`Select every ${noun} on this page`), ...columns, ACTIONS]
            : columns
        }
      />
    </>
  );
}

import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Box, Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface SortableItem {
  id: number;
  label: string;
}

/**
 * A list a person reorders by dragging the handle, or from the keyboard: the handle takes
 * Space, the arrow keys and Space again (dnd-kit announces each step to screen readers), and
 * the Move up / Move down buttons do one step each. `onReorder` gets the whole new order.
 */
export function SortableList<T extends SortableItem>(props: {
  items: T[];
  label: string;
  editable: boolean;
  onReorder: (ids: number[], moved: number) => void;
  renderItem: (item: T, handle: ReactNode) => ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = props.items.map((i) => i.id);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length || from === to) return;
    props.onReorder(arrayMove(ids, from, to), ids[from]);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) move(ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
  };
  const labelOf = (id: number | string) =>
    props.items.find((i) => i.id === Number(id))?.label ?? '';
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => `Picked up ${labelOf(active.id)}.`,
          onDragOver: ({ active, over }) =>
            over
              ? `${labelOf(active.id)} is over position ${ids.indexOf(Number(over.id)) + 1} of ${ids.length}.`
              : undefined,
          onDragEnd: ({ active, over }) =>
            over
              ? `${labelOf(active.id)} dropped at position ${ids.indexOf(Number(over.id)) + 1}.`
              : 'Dropped.',
          onDragCancel: ({ active }) => `Moving ${labelOf(active.id)} was cancelled.`,
        },
        screenReaderInstructions: {
          draggable:
            'To reorder, press Space, move with the arrow keys, and press Space again to drop (Escape cancels).',
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Box component="ul" aria-label={props.label} p={0} m={0} style={{ listStyle: 'none' }}>
          {props.items.map((item, index) => (
            <Row
              key={item.id}
              item={item}
              editable={props.editable}
              first={index === 0}
              last={index === props.items.length - 1}
              onUp={() => move(index, index - 1)}
              onDown={() => move(index, index + 1)}
              render={props.renderItem}
            />
          ))}
        </Box>
      </SortableContext>
    </DndContext>
  );
}

function Row<T extends SortableItem>(props: {
  item: T;
  editable: boolean;
  first: boolean;
  last: boolean;
  onUp: () => void;
  onDown: () => void;
  render: (item: T, handle: ReactNode) => ReactNode;
}) {
  const { item } = props;
  const sortable = useSortable({ id: item.id, disabled: !props.editable });
  const handle = props.editable ? (
    <Group gap={0} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`Drag ${item.label} to reorder`}
        ref={sortable.setActivatorNodeRef}
        {...sortable.attributes}
        {...sortable.listeners}
        style={{ cursor: 'grab', touchAction: 'none' }}
      >
        <IconGripVertical size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`Move ${item.label} up`}
        disabled={props.first}
        onClick={props.onUp}
      >
        <IconArrowUp size={14} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`Move ${item.label} down`}
        disabled={props.last}
        onClick={props.onDown}
      >
        <IconArrowDown size={14} />
      </ActionIcon>
    </Group>
  ) : null;
  return (
    <li
      ref={sortable.setNodeRef}
      data-testid={`sortable-${item.id}`}
      style={{
        transform: CSS.Transform.toString(sortable.transform),
        transition: sortable.transition,
        opacity: sortable.isDragging ? 0.6 : 1,
        position: 'relative',
        zIndex: sortable.isDragging ? 1 : undefined,
      }}
    >
      {props.render(item, handle)}
    </li>
  );
}

import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/** Asks before a write that cannot be taken back (a red confirm button, Cancel beside it). */
export function confirmDanger(ask: {
  title: string;
  body: string;
  confirm: string;
  onConfirm: () => void;
}) {
  modals.openConfirmModal({
    title: ask.title,
    children: <Text size="sm">{ask.body}</Text>,
    labels: { confirm: ask.confirm, cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: ask.onConfirm,
  });
}

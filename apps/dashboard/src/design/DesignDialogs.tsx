import {
  Badge,
  Button,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  Textarea,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import type { DraftSession } from './use-draft-session';
import type { useVersions } from './use-design';

export const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/**
 * A 412 `stale_draft` (spec 4.12): someone else changed the draft. The change that was refused
 * is named; reloading takes their draft and drops that change and the session's undo steps, and
 * the dialog says so (nothing is kept or dropped silently).
 */
export function StaleDraftDialog({ session }: { session: DraftSession }) {
  const stale = session.stale;
  return (
    <Modal
      opened={stale !== null}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title="Someone else changed the draft"
    >
      <Stack gap="sm">
        <Text size="sm">
          The draft changed since you loaded it (another person, another tab or the design API).
          Your change <strong>“{stale?.lost}”</strong> was not saved.
        </Text>
        <Text size="sm">
          Reload to continue from the draft as it is now. Your unsaved change and this session’s
          undo steps ({session.steps.length}) are dropped; make the change again if you still want
          it.
        </Text>
        <Group justify="flex-end">
          <Button onClick={() => void session.reload()}>Reload the draft</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function PublishDialog({
  session,
  opened,
  onClose,
}: {
  session: DraftSession;
  opened: boolean;
  onClose: () => void;
}) {
  const [message, setMessage] = useState('');
  return (
    <Modal opened={opened} onClose={onClose} title="Publish the draft">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void session.publish(message).then((ok) => {
            if (ok) {
              setMessage('');
              onClose();
            }
          });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Readers see the draft as it is now; the live design is kept as a version you can
            restore. The brand name becomes the site’s name.
          </Text>
          <Textarea
            label="Message"
            description="What changed, for the versions list (up to 300 characters)"
            maxLength={300}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={session.busy}>
              Publish
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The published versions, newest first; restore loads one into the draft (not live). */
export function VersionsPanel({
  versions,
  session,
}: {
  versions: ReturnType<typeof useVersions>;
  session: DraftSession;
}) {
  const restore = (id: number) =>
    modals.openConfirmModal({
      title: `Restore version ${id}?`,
      children: (
        <Text size="sm">
          The draft becomes version {id}. Readers keep the live design until you publish; undo takes
          the draft back.
        </Text>
      ),
      labels: { confirm: 'Restore into the draft', cancel: 'Cancel' },
      onConfirm: () => void session.restore(id),
    });
  return (
    <Table aria-label="Versions" verticalSpacing="xs" aria-busy={versions.isFetching}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Version</Table.Th>
          <Table.Th>Published</Table.Th>
          <Table.Th>Message</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {(versions.data ?? []).map((v) => (
          <Table.Tr key={v.id}>
            <Table.Td>
              <Group gap="xs">
                {v.id}
                {v.live && (
                  <Badge size="sm" variant="light">
                    Live
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td>
              <time dateTime={v.published_at}>{when(v.published_at)}</time>
              {v.published_by ? ` by ${v.published_by}` : ''}
            </Table.Td>
            <Table.Td>{v.message ?? '—'}</Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="default"
                onClick={() => restore(v.id)}
                disabled={session.busy || !!session.stale}
                aria-label={`Restore version ${v.id}`}
              >
                Restore
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

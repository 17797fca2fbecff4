import { useState } from 'react';
import {
  Alert,
  Badge,
  Blockquote,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ApiRequestError } from '../../../api/client';
import { useNoteActions, useNotes, type NoteThread } from './use-notes';

const MENTION_HINT = 'Write @ and a teammate’s name to send them an email.';

/**
 * The API's own messages for a form's field (issue 38 "Bad input"): shown next to it; the
 * messages of other fields (the quote, the language) and other errors come back as `other`.
 */
export function apiFieldErrors(error: unknown, field: string): { field?: string; other?: string } {
  if (!error) return {};
  const body = error instanceof ApiRequestError ? (error.body as { errors?: unknown }) : null;
  const errors = (body?.errors ?? {}) as Record<string, string[]>;
  const mine = errors[field]?.join(' ');
  const rest = Object.entries(errors)
    .filter(([k]) => k !== field)
    .flatMap(([, m]) => m)
    .join(' ');
  if (mine || rest) return { field: mine || undefined, other: rest || undefined };
  return { other: error instanceof Error ? error.message : String(error) };
}

const failed = (e: unknown) =>
  notifications.show({
    color: 'red',
    title: 'That did not work',
    message: e instanceof Error ? e.message : String(e),
  });

/**
 * An article's team notes in one language (spec 4.9): open threads, resolved ones on request,
 * replies and resolve. Every text is shown as text (React escapes it), never as markup.
 */
export function NotesPanel(props: {
  siteId: number;
  articleId: number;
  lang: string;
  canWrite: boolean;
}) {
  const [resolved, setResolved] = useState(false);
  const notes = useNotes(props.siteId, props.articleId, props.lang, resolved);
  return (
    <Stack gap="sm">
      <Switch
        label="Show resolved threads"
        checked={resolved}
        onChange={(e) => setResolved(e.currentTarget.checked)}
      />
      {notes.isPending && <Loader role="status" aria-label="Loading the notes" />}
      {notes.isError && <Alert color="red">{notes.error.message}</Alert>}
      {notes.data && notes.data.notes.length === 0 && (
        <Text c="dimmed" size="sm">
          No {resolved ? '' : 'open '}notes in this language. Select text in the content and choose
          “Add a team note”.
        </Text>
      )}
      {notes.data?.notes.map((thread) => (
        <Thread key={thread.id} thread={thread} {...props} />
      ))}
    </Stack>
  );
}

function Thread(props: {
  thread: NoteThread;
  siteId: number;
  articleId: number;
  canWrite: boolean;
}) {
  const { thread } = props;
  const actions = useNoteActions(props.siteId, props.articleId);
  const [reply, setReply] = useState('');
  const replyErrors = apiFieldErrors(actions.reply.error, 'text');
  return (
    <Paper withBorder p="sm" component="article" aria-label={`Note on “${thread.anchor.quote}”`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            {thread.author?.name ?? 'Someone'}
          </Text>
          {thread.resolved && <Badge variant="default">Resolved</Badge>}
        </Group>
        <Blockquote p="xs" fz="sm">
          {thread.anchor.quote}
        </Blockquote>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="note-text">
          {thread.note}
        </Text>
        {thread.replies.map((r) => (
          <Stack key={r.id} gap={0} pl="md">
            <Text size="xs" fw={600}>
              {r.author?.name ?? 'Someone'}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="note-reply">
              {r.note}
            </Text>
          </Stack>
        ))}
        {props.canWrite && !thread.resolved && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              actions.reply.mutate(
                { noteId: thread.id, text: reply },
                { onSuccess: () => setReply('') },
              );
            }}
          >
            <Stack gap="xs">
              <Textarea
                label="Reply"
                description={MENTION_HINT}
                error={replyErrors.field ?? replyErrors.other}
                value={reply}
                maxLength={5000}
                autosize
                minRows={1}
                onChange={(e) => setReply(e.currentTarget.value)}
              />
              <Group gap="xs">
                <Button
                  type="submit"
                  size="xs"
                  disabled={!reply.trim()}
                  loading={actions.reply.isPending}
                >
                  Reply
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  loading={actions.resolve.isPending}
                  onClick={() => actions.resolve.mutate(thread.id, { onError: failed })}
                >
                  Resolve
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}

/** Asks for the first note of a thread on `quote`; `onSubmit` answers once it is saved. */
export function NewNoteDialog(props: {
  quote: string | null;
  busy: boolean;
  /** The last refusal of the API, its messages shown by their fields. */
  error: unknown;
  onSubmit: (text: string) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const errors = apiFieldErrors(props.error, 'text');
  return (
    <Modal
      opened={props.quote !== null}
      onClose={props.onClose}
      title="Add a team note"
      closeButtonProps={{ 'aria-label': 'Cancel the note' }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit(text);
        }}
      >
        <Stack gap="sm">
          <Blockquote p="xs" fz="sm">
            {props.quote}
          </Blockquote>
          {errors.other && (
            <Alert color="red" role="alert">
              {errors.other}
            </Alert>
          )}
          <Textarea
            label="Note"
            description={MENTION_HINT}
            error={errors.field}
            value={text}
            maxLength={5000}
            autosize
            minRows={2}
            data-autofocus
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!text.trim()} loading={props.busy}>
              Add note
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { Button, Group, Modal, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DiffText } from '../history/DiffText';
import { htmlAsText, wordDiff } from '../history/diff';
import type { Conflict } from './session';

const INTRO: Record<Conflict['kind'], string> = {
  revision: 'Someone else saved this article while you were editing. Nothing was overwritten.',
  staged: 'Someone else changed the staged copy while you were editing. Nothing was overwritten.',
  base_changed: 'The live article changed after these changes were staged. Nothing was published.',
};

const MINE: Record<Conflict['kind'], string> = {
  revision: 'Keep my version',
  staged: 'Keep my version',
  base_changed: 'Publish my changes anyway',
};

const THEIRS: Record<Conflict['kind'], string> = {
  revision: 'Take their version',
  staged: 'Take their version',
  base_changed: 'Discard my staged changes',
};

/**
 * Both versions side by side, per language that differs, and the person's choice (issue 37
 * item 4: a conflict never overwrites silently). Shown as text: no stored HTML is rendered.
 */
export function ConflictDialog(props: {
  conflict: Conflict;
  busy: boolean;
  onChoose: (choice: 'mine' | 'theirs') => void;
}) {
  const { conflict } = props;
  const theirLabel = conflict.kind === 'base_changed' ? 'Live now' : 'Their version';
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      size="90%"
      title="Two versions of this article"
    >
      <Stack>
        <Text>{INTRO[conflict.kind]}</Text>
        <ScrollArea.Autosize mah="60vh">
          <Stack>
            {conflict.languages.map((lang) => {
              const mine = conflict.mine[lang];
              const theirs = conflict.theirs[lang];
              const text = (f?: { title: string; content: string }) =>
                f ? `${f.title}\n\n${htmlAsText(f.content)}` : '';
              const diff = wordDiff(text(theirs), text(mine));
              return (
                <Stack key={lang} gap="xs">
                  <Title order={3} size="h5">
                    {lang}
                  </Title>
                  <SimpleGrid cols={2}>
                    <Stack gap={4} data-testid="conflict-theirs">
                      <Text fw={600} size="sm">
                        {theirLabel}
                      </Text>
                      <DiffText label={theirLabel} runs={diff.filter((r) => r.op !== 'insert')} />
                    </Stack>
                    <Stack gap={4} data-testid="conflict-mine">
                      <Text fw={600} size="sm">
                        Your version
                      </Text>
                      <DiffText label="Your version" runs={diff.filter((r) => r.op !== 'delete')} />
                    </Stack>
                  </SimpleGrid>
                </Stack>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => props.onChoose('theirs')} disabled={props.busy}>
            {THEIRS[conflict.kind]}
          </Button>
          <Button onClick={() => props.onChoose('mine')} disabled={props.busy}>
            {MINE[conflict.kind]}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

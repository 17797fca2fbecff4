import { Button, Code, CopyButton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/** A credential the API answers only once (an API key's token, a webhook's secret), in a dialog. */
export function showOnce(shown: {
  title: string;
  intro: string;
  value: string;
  copyLabel: string;
  testId: string;
}) {
  modals.open({
    title: shown.title,
    closeOnClickOutside: false,
    children: (
      <Stack>
        <Text size="sm">{shown.intro}</Text>
        <Code block data-testid={shown.testId}>
          {shown.value}
        </Code>
        <CopyButton value={shown.value}>
          {({ copied, copy }) => (
            <Button onClick={copy} variant="light">
              {copied ? 'Copied' : shown.copyLabel}
            </Button>
          )}
        </CopyButton>
      </Stack>
    ),
  });
}

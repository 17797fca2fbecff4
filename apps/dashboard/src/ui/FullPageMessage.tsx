import { Center, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A message in the middle of the page (loading, failed start, not found). */
export function FullPageMessage(props: {
  title: string;
  detail?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Center component="main" mih="100vh" p="xl">
      <Stack align="center" gap="sm" maw={480}>
        <Title order={1} size="h3">
          {props.title}
        </Title>
        {props.detail && (
          <Text c="dimmed" ta="center">
            {props.detail}
          </Text>
        )}
        {props.children}
      </Stack>
    </Center>
  );
}

import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A screen's title (its one h1) and its main actions. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" mb="md" wrap="wrap">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children && <Group gap="xs">{children}</Group>}
    </Group>
  );
}

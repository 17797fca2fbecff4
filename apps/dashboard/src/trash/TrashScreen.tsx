import { Title } from '@mantine/core';

export function TrashScreen() {
  return <Title order={1}>Trash</Title>;
}

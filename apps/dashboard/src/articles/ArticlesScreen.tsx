import { Title } from '@mantine/core';

export function ArticlesScreen() {
  return <Title order={1}>Articles</Title>;
}

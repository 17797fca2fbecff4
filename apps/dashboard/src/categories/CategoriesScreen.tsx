import { Title } from '@mantine/core';

export function CategoriesScreen() {
  return <Title order={1}>Categories</Title>;
}

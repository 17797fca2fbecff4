import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { fieldErrors, formError } from '../ui/field-errors';

/**
 * One section of the settings page: its own form and Save, the API's messages next to the
 * fields it names (`errors`) and any other refusal above the button.
 */
export function SettingsForm<T>(props: {
  title: string;
  description?: ReactNode;
  save: UseMutationResult<unknown, Error, T>;
  value: () => T;
  fields: string[];
  children: (errors: Record<string, string>) => ReactNode;
  action?: string;
  extra?: ReactNode;
}) {
  const errors = fieldErrors(props.save.error);
  const other = formError(props.save.error, props.fields);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.save.mutate(props.value());
  };
  const id = `settings-${props.title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={id}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id={id}>
            {props.title}
          </Title>
          {props.description && (
            <Text size="sm" c="dimmed">
              {props.description}
            </Text>
          )}
          {props.children(errors)}
          {other && (
            <Alert color="red" role="alert">
              {other}
            </Alert>
          )}
          {props.save.isSuccess && !props.save.isPending && (
            <Text size="sm" role="status">
              Saved.
            </Text>
          )}
          <Group gap="xs">
            <Button type="submit" loading={props.save.isPending}>
              {props.action ?? 'Save'}
            </Button>
            {props.extra}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

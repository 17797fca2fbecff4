import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formError } from './field-errors';

/**
 * The form above a list that adds to it (a key, an invitation, a webhook): a titled section, the
 * API's message for the whole form, the fields (`children`, each showing its own message from
 * `fieldErrors`) and the submit button.
 */
export function CreateForm(props: {
  id: string;
  title: string;
  submit: string;
  write: { error: unknown; isPending: boolean };
  onSubmit: () => void;
  children: ReactNode;
}) {
  const whole = formError(props.write.error);
  return (
    <Paper withBorder p="md" mb="lg" component="section" aria-labelledby={props.id}>
      <Title order={2} size="h4" id={props.id} mb="sm">
        {props.title}
      </Title>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit();
        }}
      >
        <Stack gap="sm" maw={520}>
          {whole && (
            <Alert color="red" role="alert">
              {whole}
            </Alert>
          )}
          {props.children}
          <Group>
            <Button type="submit" loading={props.write.isPending}>
              {props.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

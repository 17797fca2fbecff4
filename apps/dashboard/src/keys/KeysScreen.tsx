import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { permissions } from '../app/session';
import { ErrorNotice } from '../ui/ErrorNotice';
import { fieldErrors, formError } from '../ui/field-errors';
import { NotAllowed } from '../ui/NotAllowed';
import { notifyDone, notifyError } from '../ui/notify';
import { PageHeader } from '../ui/PageHeader';
import { showOnce } from '../ui/show-once';
import { useKeys, type NewKey } from './use-keys';

const route = getRouteApi('/sites/$siteId/keys');

const when = (value: string | null) => (value ? value.slice(0, 16).replace('T', ' ') : 'Never');

/** The token of a new key, shown once (spec 5.1: keys belong on servers, never in browser code). */
function showToken(name: string, token: string) {
  showOnce({
    title: `API key “${name}” created`,
    intro:
      'Copy the key now: it is shown only this once. Keep it on your server, never in browser code.',
    value: token,
    copyLabel: 'Copy the key',
    testId: 'new-key-token',
  });
}

function CreateKeyForm({ create }: { create: ReturnType<typeof useKeys>['create'] }) {
  const [form, setForm] = useState<NewKey>({
    name: '',
    scope: 'read',
    design: false,
    notes: false,
  });
  const errors = fieldErrors(create.error);
  const whole = formError(create.error);
  return (
    <Paper withBorder p="md" mb="lg" component="section" aria-labelledby="new-key-title">
      <Title order={2} size="h4" id="new-key-title" mb="sm">
        New API key
      </Title>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(form, {
            onSuccess: ({ key }) => {
              showToken(key.name, key.token);
              setForm({ name: '', scope: 'read', design: false, notes: false });
            },
          });
        }}
      >
        <Stack gap="sm" maw={520}>
          {whole && (
            <Alert color="red" role="alert">
              {whole}
            </Alert>
          )}
          <TextInput
            label="Name"
            description="What the key is for, as the list shows it"
            value={form.name}
            error={errors.name}
            onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
          />
          <Radio.Group
            label="Access"
            value={form.scope}
            error={errors.scope}
            onChange={(scope) => setForm({ ...form, scope: scope as NewKey['scope'] })}
          >
            <Group mt={4}>
              <Radio value="read" label="Read only" />
              <Radio value="read_write" label="Read & write" />
            </Group>
          </Radio.Group>
          <Checkbox
            label="Design access (cannot be added later)"
            checked={Boolean(form.design)}
            error={errors.design}
            onChange={(e) => setForm({ ...form, design: e.currentTarget.checked })}
          />
          <Checkbox
            label="Team-notes access (cannot be added later)"
            checked={Boolean(form.notes)}
            error={errors.notes}
            onChange={(e) => setForm({ ...form, notes: e.currentTarget.checked })}
          />
          <Group>
            <Button type="submit" loading={create.isPending}>
              Create key
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** API keys (issue 38 item 3, spec 5.1): Owners and Admins create, list and revoke them. */
export function KeysScreen() {
  const { site } = route.useRouteContext();
  const can = permissions(site).manageTeam;
  const keys = useKeys(site.id, can);
  if (!can)
    return (
      <NotAllowed
        title="API keys"
        detail="Only an Owner or Admin of the site can see and create API keys."
      />
    );
  const rows = keys.list.data?.keys ?? [];
  const confirmRevoke = (id: number, name: string) =>
    modals.openConfirmModal({
      title: `Revoke “${name}”?`,
      children: <Text size="sm">Requests with this key are refused from now on.</Text>,
      labels: { confirm: 'Revoke', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        keys.revoke.mutate(id, {
          onSuccess: () => notifyDone(`The key “${name}” was revoked.`),
          onError: notifyError,
        }),
    });
  return (
    <>
      <PageHeader title="API keys" />
      <CreateKeyForm create={keys.create} />
      {keys.list.isError && <ErrorNotice error={keys.list.error} />}
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="xs" aria-busy={keys.list.isFetching} aria-label="API keys">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Access</Table.Th>
              <Table.Th>Capabilities</Table.Th>
              <Table.Th>Created by</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th ta="right">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((k) => (
              <Table.Tr key={k.id}>
                <Table.Td>
                  {k.name || <Text c="dimmed">(no name)</Text>}{' '}
                  <Text span size="xs" c="dimmed">
                    {k.prefix}…
                  </Text>
                </Table.Td>
                <Table.Td>{k.scope === 'read' ? 'Read only' : 'Read & write'}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {k.capabilities.design && <Badge variant="light">Design</Badge>}
                    {k.capabilities.notes && <Badge variant="light">Team notes</Badge>}
                    {!k.capabilities.design && !k.capabilities.notes && '—'}
                  </Group>
                </Table.Td>
                <Table.Td>{k.created_by.name}</Table.Td>
                <Table.Td>{when(k.created_at)}</Table.Td>
                <Table.Td>{when(k.last_used_at)}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    aria-label={`Revoke ${k.name || k.prefix}`}
                    onClick={() => confirmRevoke(k.id, k.name || k.prefix)}
                  >
                    Revoke
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {keys.list.isSuccess && rows.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          No API keys yet.
        </Text>
      )}
    </>
  );
}

import { Badge, Button, Checkbox, Group, Radio, Table, Text, TextInput } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import type { SessionSite } from '../api/contract';
import { permissions } from '../app/session';
import { confirmDanger } from '../ui/confirm';
import { CreateForm } from '../ui/CreateForm';
import { fieldErrors } from '../ui/field-errors';
import { outcome } from '../ui/notify';
import { PageHeader } from '../ui/PageHeader';
import { ACTIONS, ResourceTable } from '../ui/ResourceTable';
import { RoleGuard } from '../ui/RoleGuard';
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

const EMPTY: NewKey = { name: '', scope: 'read', design: false, notes: false };

function CreateKeyForm({ create }: { create: ReturnType<typeof useKeys>['create'] }) {
  const [form, setForm] = useState<NewKey>(EMPTY);
  const errors = fieldErrors(create.error);
  return (
    <CreateForm
      id="new-key-title"
      title="New API key"
      submit="Create key"
      write={create}
      onSubmit={() =>
        create.mutate(form, {
          onSuccess: ({ key }) => {
            showToken(key.name, key.token);
            setForm(EMPTY);
          },
        })
      }
    >
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
    </CreateForm>
  );
}

/** API keys (issue 38 item 3, spec 5.1): Owners and Admins create, list and revoke them. */
export function KeysScreen() {
  const { site } = route.useRouteContext();
  return (
    <RoleGuard
      allowed={permissions(site).manageTeam}
      title="API keys"
      detail="Only an Owner or Admin of the site can see and create API keys."
    >
      <Keys site={site} />
    </RoleGuard>
  );
}

function Keys({ site }: { site: SessionSite }) {
  const keys = useKeys(site.id);
  const rows = keys.list.data?.keys ?? [];
  const confirmRevoke = (id: number, name: string) =>
    confirmDanger({
      title: `Revoke “${name}”?`,
      body: 'Requests with this key are refused from now on.',
      confirm: 'Revoke',
      onConfirm: () => keys.revoke.mutate(id, outcome(`The key “${name}” was revoked.`)),
    });
  return (
    <>
      <PageHeader title="API keys" />
      <CreateKeyForm create={keys.create} />
      <ResourceTable
        label="API keys"
        columns={['Name', 'Access', 'Capabilities', 'Created by', 'Created', 'Last used', ACTIONS]}
        list={keys.list}
        count={rows.length}
        empty="No API keys yet."
        minWidth={760}
      >
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
      </ResourceTable>
    </>
  );
}

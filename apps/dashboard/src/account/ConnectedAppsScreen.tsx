import { Anchor, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { confirmDanger } from '../ui/confirm';
import { ErrorNotice } from '../ui/ErrorNotice';
import { outcome } from '../ui/notify';
import { useConnectedApps, type ConnectedApps, type Connection } from './use-connected-apps';

type Apps = ReturnType<typeof useConnectedApps>;

/** One connection: who connected it and when, its permissions, its shared sites, Disconnect. */
function ConnectionCard({
  connection,
  sites,
  apps,
}: {
  connection: Connection;
  sites: ConnectedApps['sites'];
  apps: Apps;
}) {
  const [picked, setPicked] = useState(connection.site_ids.map(String));
  const titleId = `connection-${connection.user_id}-${connection.client_id}`.replace(/\W/g, '-');
  const disconnect = () =>
    confirmDanger({
      title: `Disconnect ${connection.client_name}?`,
      body: 'Every token of this app for this person stops working at once. The app cannot undo this.',
      confirm: 'Disconnect',
      onConfirm: () =>
        apps.disconnect.mutate(connection, outcome(`${connection.client_name} was disconnected.`)),
    });
  return (
    <Paper component="section" withBorder p="lg" radius="md" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId}>
          {connection.client_name}
        </Title>
        <Text size="sm" c="dimmed">
          Connected by {connection.person_email} on {connection.connected_at}
        </Text>
        <Text size="sm">
          Permissions: {connection.scopes.length ? connection.scopes.join(', ') : 'none'}
        </Text>
        <Checkbox.Group label="Shared help centers" value={picked} onChange={setPicked}>
          <Stack gap={4} mt={4}>
            {sites.map((s) => (
              <Checkbox key={s.id} value={String(s.id)} label={`${s.name} (${s.subdomain})`} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group>
          <Button
            loading={apps.saveSites.isPending}
            onClick={() =>
              apps.saveSites.mutate(
                { connection, siteIds: picked.map(Number) },
                outcome('Shared help centers saved.'),
              )
            }
          >
            Save shared help centers
          </Button>
          <Button color="red" variant="light" onClick={disconnect}>
            Disconnect
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Connected apps at /app/account/connected-apps (spec 5.2, issue 38), account-level like the
 * first-site screen (no site chosen): the apps the person approved (the account owner: everyone's
 * of the account), the sites each may reach, Disconnect.
 */
export function ConnectedAppsScreen() {
  const apps = useConnectedApps();
  const listed = apps.list.data;
  return (
    <Stack component="main" maw={720} mx="auto" p="xl" gap="md">
      <Title order={1}>Connected apps</Title>
      <Text c="dimmed">
        Apps you approved with your account. Changing the shared help centers applies to the app’s
        next request; disconnecting ends its access at once.
      </Text>
      {apps.list.isError && <ErrorNotice error={apps.list.error} />}
      {listed?.data.length === 0 && <Text>No apps are connected.</Text>}
      {listed?.data.map((c) => (
        <ConnectionCard
          key={`${c.user_id}:${c.client_id}:${c.site_ids.join(',')}`}
          connection={c}
          sites={listed.sites}
          apps={apps}
        />
      ))}
      <Group>
        <Anchor href="/app/account">Account and sign-in sessions</Anchor>
        <Anchor href="/app">Dashboard</Anchor>
      </Group>
    </Stack>
  );
}

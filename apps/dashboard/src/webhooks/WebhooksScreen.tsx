import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import type { SessionSite } from '../api/contract';
import { permissions } from '../app/session';
import { ErrorNotice } from '../ui/ErrorNotice';
import { fieldErrors, formError } from '../ui/field-errors';
import { NotAllowed } from '../ui/NotAllowed';
import { notifyDone, notifyError } from '../ui/notify';
import { PageHeader } from '../ui/PageHeader';
import { showOnce } from '../ui/show-once';
import { useDeliveries, useWebhooks, type Delivery, type NewWebhook } from './use-webhooks';

const route = getRouteApi('/sites/$siteId/webhooks');

const when = (value: string | null) => (value ? value.slice(0, 19).replace('T', ' ') : '—');

/** The secret of a new webhook, shown once (the list never shows it again). */
function showSecret(url: string, secret: string) {
  showOnce({
    title: `Webhook registered for ${url}`,
    intro:
      'Copy the signing secret now: it is shown only this once. Your receiver checks every delivery’s signature with it.',
    value: secret,
    copyLabel: 'Copy the secret',
    testId: 'new-webhook-secret',
  });
}

const EMPTY: NewWebhook = { url: '', secret: '', standard: false };

function RegisterForm({ register }: { register: ReturnType<typeof useWebhooks>['register'] }) {
  const [form, setForm] = useState<NewWebhook>(EMPTY);
  const errors = fieldErrors(register.error);
  const whole = formError(register.error);
  return (
    <Paper withBorder p="md" mb="lg" component="section" aria-labelledby="new-webhook-title">
      <Title order={2} size="h4" id="new-webhook-title" mb="sm">
        Register a webhook
      </Title>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const body = { ...form, secret: form.secret || undefined };
          register.mutate(body, {
            onSuccess: ({ webhook }) => {
              showSecret(webhook.url, webhook.standard_secret ?? webhook.secret ?? '');
              setForm(EMPTY);
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
            label="URL"
            description="Where each event is POSTed"
            value={form.url}
            error={errors.url}
            onChange={(e) => setForm({ ...form, url: e.currentTarget.value })}
          />
          <TextInput
            label="Secret (optional)"
            description="At least 16 characters; leave empty to have one generated"
            value={form.secret ?? ''}
            error={errors.secret}
            onChange={(e) => setForm({ ...form, secret: e.currentTarget.value })}
          />
          <Checkbox
            label="Standard Webhooks signatures (webhook-id, webhook-timestamp, webhook-signature)"
            checked={form.standard}
            onChange={(e) => setForm({ ...form, standard: e.currentTarget.checked })}
          />
          <Group>
            <Button type="submit" loading={register.isPending}>
              Register
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function AttemptRows({ delivery }: { delivery: Delivery }) {
  if (delivery.attempts.length === 0) return <Text c="dimmed">No attempt yet</Text>;
  return (
    <Stack gap={2}>
      {delivery.attempts.map((a) => (
        <Text size="sm" key={a.delivery_id}>
          #{a.attempt} {when(a.started_at)} · {a.response_status ?? a.error_kind ?? '—'} ·{' '}
          {a.duration_ms === null ? '—' : `${a.duration_ms} ms`}
          {a.response_body ? (
            <Text span size="xs" c="dimmed">
              {' '}
              “{a.response_body}”
            </Text>
          ) : null}
        </Text>
      ))}
    </Stack>
  );
}

/** The delivery log of one webhook (issue 23): each attempt with its status and duration. */
function DeliveryLog({ siteId, webhookId }: { siteId: number; webhookId: number }) {
  const { list, redeliver } = useDeliveries(siteId, webhookId);
  const rows = list.data?.deliveries ?? [];
  return (
    <Paper
      withBorder
      p="md"
      mt="md"
      component="section"
      aria-label={`Deliveries of webhook ${webhookId}`}
    >
      <Title order={3} size="h5" mb="xs">
        Delivery log
      </Title>
      {list.isError && <ErrorNotice error={list.error} />}
      <Table verticalSpacing="xs" aria-label="Deliveries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Attempts (status · duration · answer)</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>
                {d.event}
                <Text size="xs" c="dimmed">
                  {when(d.created_at)}
                  {d.redelivery_of === null ? '' : ` · redelivery of #${d.redelivery_of}`}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="filled" color={d.status === 'delivered' ? 'teal.9' : 'gray.7'}>
                  {d.status}
                </Badge>
              </Table.Td>
              <Table.Td>
                <AttemptRows delivery={d} />
              </Table.Td>
              <Table.Td ta="right">
                <Button
                  size="compact-sm"
                  variant="subtle"
                  onClick={() =>
                    redeliver.mutate(d.id, {
                      onSuccess: () => notifyDone('Redelivery queued.'),
                      onError: notifyError,
                    })
                  }
                >
                  Redeliver
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {list.isSuccess && rows.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          No deliveries in the last 7 days.
        </Text>
      )}
    </Paper>
  );
}

/** Webhooks (issue 39 item 3, spec 4.8): Owners and Admins register, test and delete them. */
export function WebhooksScreen() {
  return <Webhooks site={route.useRouteContext().site} />;
}

export function Webhooks({ site }: { site: SessionSite }) {
  const can = permissions(site).manageTeam;
  const hooks = useWebhooks(site.id, can);
  const [open, setOpen] = useState<number | null>(null);
  if (!can)
    return (
      <NotAllowed
        title="Webhooks"
        detail="Only an Owner or Admin of the site can see and manage webhooks."
      />
    );
  const rows = (hooks.list.data?.webhooks ?? []).filter((w) => w.site_id === site.id);
  const confirmDelete = (id: number, url: string) =>
    modals.openConfirmModal({
      title: `Delete the webhook for ${url}?`,
      children: <Text size="sm">It receives nothing more; pending retries are dropped.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        hooks.remove.mutate(id, {
          onSuccess: () => notifyDone('Webhook subscription deleted.'),
          onError: notifyError,
        }),
    });
  const sendTest = (id: number) =>
    hooks.sendTest.mutate(id, {
      onSuccess: ({ message }) => {
        notifyDone(message);
        setOpen(id);
      },
      onError: notifyError,
    });
  return (
    <>
      <PageHeader title="Webhooks" />
      <RegisterForm register={hooks.register} />
      {hooks.list.isError && <ErrorNotice error={hooks.list.error} />}
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="xs" aria-busy={hooks.list.isFetching} aria-label="Webhooks">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>URL</Table.Th>
              <Table.Th>Signatures</Table.Th>
              <Table.Th>Last delivered</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th ta="right">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((w) => (
              <Table.Tr key={w.id}>
                <Table.Td>{w.url}</Table.Td>
                <Table.Td>
                  {w.signature_scheme === 'standard' ? 'Standard Webhooks' : 'Service'}
                </Table.Td>
                <Table.Td>{when(w.last_delivered_at)}</Table.Td>
                <Table.Td>{when(w.created_at)}</Table.Td>
                <Table.Td ta="right">
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Button size="compact-sm" variant="subtle" onClick={() => sendTest(w.id)}>
                      Send test event
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      aria-expanded={open === w.id}
                      onClick={() => setOpen(open === w.id ? null : w.id)}
                    >
                      Delivery log
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Delete webhook ${w.url}`}
                      onClick={() => confirmDelete(w.id, w.url)}
                    >
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {hooks.list.isSuccess && rows.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          No webhooks yet.
        </Text>
      )}
      {open !== null && <DeliveryLog siteId={site.id} webhookId={open} />}
    </>
  );
}

import {
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import type { SessionSite } from '../api/contract';
import { permissions } from '../app/session';
import { confirmDanger } from '../ui/confirm';
import { CreateForm } from '../ui/CreateForm';
import { fieldErrors } from '../ui/field-errors';
import { ListPager } from '../ui/ListPager';
import { notifyDone, notifyError, outcome } from '../ui/notify';
import { PageHeader } from '../ui/PageHeader';
import { ACTIONS, ResourceTable } from '../ui/ResourceTable';
import { RoleGuard } from '../ui/RoleGuard';
import { showOnce } from '../ui/show-once';
import { DELIVERY_STATES, EVENT_LABELS, type WebhooksSearch } from './search';
import {
  useDeliveries,
  useWebhooks,
  type Delivery,
  type LogFilters,
  type NewWebhook,
} from './use-webhooks';

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
  return (
    <CreateForm
      id="new-webhook-title"
      title="Register a webhook"
      submit="Register"
      write={register}
      onSubmit={() =>
        register.mutate(
          { ...form, secret: form.secret || undefined },
          {
            onSuccess: ({ webhook }) => {
              showSecret(webhook.url, webhook.standard_secret ?? webhook.secret ?? '');
              setForm(EMPTY);
            },
          },
        )
      }
    >
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
    </CreateForm>
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

const STATE_OPTIONS = DELIVERY_STATES.map((s) => ({ value: s, label: s }));
const EVENT_OPTIONS = Object.entries(EVENT_LABELS).map(([value, label]) => ({
  value,
  label: `${label} (${value})`,
}));

/**
 * The delivery log of one webhook (issue 23): each attempt with its status and duration, by
 * state and event, a page at a time (the filters live in the URL).
 */
function DeliveryLog(props: {
  siteId: number;
  webhookId: number;
  filters: LogFilters;
  onFilters: (next: LogFilters) => void;
}) {
  const { webhookId, filters, onFilters } = props;
  const { list, redeliver } = useDeliveries(props.siteId, webhookId, filters);
  const rows = list.data?.deliveries ?? [];
  const filtered = Boolean(filters.status || filters.event);
  // A filter changed goes back to the first page.
  const filter = (
    key: 'status' | 'event',
    label: string,
    data: { value: string; label: string }[],
    width: number,
  ) => (
    <Select
      label={label}
      placeholder={`Any ${label.toLowerCase()}`}
      data={data}
      value={filters[key] ?? null}
      clearable
      w={width}
      onChange={(v) => onFilters({ ...filters, [key]: v ?? undefined, page: undefined })}
    />
  );
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
      <Group mb="sm" align="flex-end">
        {filter('status', 'Status', STATE_OPTIONS, 180)}
        {filter('event', 'Event', EVENT_OPTIONS, 300)}
      </Group>
      <ResourceTable
        label="Deliveries"
        columns={['Event', 'Status', 'Attempts (status · duration · answer)', ACTIONS]}
        list={list}
        count={rows.length}
        empty={
          filtered
            ? 'No delivery with this status and event in the last 7 days.'
            : 'No deliveries in the last 7 days.'
        }
        minWidth={600}
      >
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
                onClick={() => redeliver.mutate(d.id, outcome('Redelivery queued.'))}
              >
                Redeliver
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </ResourceTable>
      <ListPager
        meta={list.data?.meta}
        noun="deliveries"
        onPage={(p) => onFilters({ ...filters, page: p > 1 ? p : undefined })}
      />
    </Paper>
  );
}

/** Webhooks (issue 39 item 3, spec 4.8): Owners and Admins register, test and delete them. */
export function WebhooksScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <Webhooks
      site={route.useRouteContext().site}
      search={search}
      onSearch={(next) => void navigate({ search: next })}
    />
  );
}

interface WebhooksProps {
  site: SessionSite;
  /** `?log=` (the webhook whose log is open) and the log's filters and page. */
  search: WebhooksSearch;
  onSearch: (next: WebhooksSearch) => void;
}

export function Webhooks(props: WebhooksProps) {
  return (
    <RoleGuard
      allowed={permissions(props.site).manageTeam}
      title="Webhooks"
      detail="Only an Owner or Admin of the site can see and manage webhooks."
    >
      <WebhookList {...props} />
    </RoleGuard>
  );
}

function WebhookList({ site, search, onSearch }: WebhooksProps) {
  const hooks = useWebhooks(site.id);
  const { log: open, ...filters } = search;
  const rows = (hooks.list.data?.webhooks ?? []).filter((w) => w.site_id === site.id);
  const confirmDelete = (id: number, url: string) =>
    confirmDanger({
      title: `Delete the webhook for ${url}?`,
      body: 'It receives nothing more; pending retries are dropped.',
      confirm: 'Delete',
      onConfirm: () => hooks.remove.mutate(id, outcome('Webhook subscription deleted.')),
    });
  const sendTest = (id: number) =>
    hooks.sendTest.mutate(id, {
      onSuccess: ({ message }) => {
        notifyDone(message);
        onSearch({ log: id });
      },
      onError: notifyError,
    });
  return (
    <>
      <PageHeader title="Webhooks" />
      <RegisterForm register={hooks.register} />
      <ResourceTable
        label="Webhooks"
        columns={['URL', 'Signatures', 'Last delivered', 'Created', ACTIONS]}
        list={hooks.list}
        count={rows.length}
        empty="No webhooks yet."
        minWidth={760}
      >
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
                  onClick={() => onSearch(open === w.id ? {} : { log: w.id })}
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
      </ResourceTable>
      {open !== undefined && (
        <DeliveryLog
          siteId={site.id}
          webhookId={open}
          filters={filters}
          onFilters={(next) => onSearch({ log: open, ...next })}
        />
      )}
    </>
  );
}

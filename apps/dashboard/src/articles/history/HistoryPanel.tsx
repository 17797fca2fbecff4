import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Loader, Radio, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { api, ApiRequestError } from '../../api/client';
import { DiffText } from './DiffText';
import { htmlAsText, readableDiff, type DiffRun } from './diff';
import './history.css';

interface Actor {
  kind: string;
  key_id?: number | null;
  user_id?: number | null;
  client_id?: string | null;
  client_name?: string | null;
  name?: string | null;
}

export interface Version {
  id: number;
  locale: string;
  title: string;
  published_at: string;
  replaced_by: { action: string; actor: Actor; occurred_at: string } | null;
}

interface Change {
  field: string;
  old?: unknown;
  new?: unknown;
  diff?: DiffRun[];
}

type Loose = (
  path: string,
  init?: Record<string, unknown>,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
const client = api as unknown as Record<'GET' | 'POST', Loose>;

async function load<T>(
  method: 'GET' | 'POST',
  path: string,
  init: Record<string, unknown>,
): Promise<T> {
  const { data, error, response } = await client[method](path, init);
  if (error !== undefined || data === undefined) throw new ApiRequestError(response.status, error);
  return data as T;
}

/** Who and how, from the audit record of the write that replaced these values. */
export function actorText(replaced: Version['replaced_by']): string {
  if (!replaced) return 'Replaced by an earlier write (not in the audit log)';
  const how =
    replaced.action === 'version.restore'
      ? 'Replaced by a restore'
      : 'Replaced by publishing staged changes';
  const a = replaced.actor;
  const who =
    a.kind === 'dashboard'
      ? `${a.name ?? `team member #${a.user_id ?? '?'}`} in the dashboard`
      : a.kind === 'api_key'
        ? `API key #${a.key_id ?? '?'}`
        : a.client_name
          ? `the app ${a.client_name}`
          : a.kind;
  return `${how}, by ${who}`;
}

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * An article's versions in one language (issue 37 item 6): who replaced each, when and how; the
 * word-level difference of any two (or one and the live article, or the staged copy and live);
 * restore. The server computes the difference (docs/editing.md); it is shown as text.
 */
export function HistoryPanel(props: {
  articleId: number;
  lang: string;
  canRestore: boolean;
  hasStaged: boolean;
  onRestored: () => void;
}) {
  const { articleId, lang } = props;
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string>('live');
  const versions = useQuery({
    queryKey: ['versions', articleId, lang],
    queryFn: () =>
      load<{ versions: Version[] }>('GET', '/v1/articles/{articleId}/versions', {
        params: { path: { articleId }, query: { locale: lang, limit: 100 } },
      }).then((d) => d.versions),
  });
  const compareKey =
    from === 'staged' ? ['staged-compare', articleId, lang] : ['compare', articleId, from, to];
  const comparison = useQuery({
    enabled: from !== null && from !== to,
    queryKey: compareKey,
    queryFn: async () => {
      if (from === 'staged') {
        const d = await load<{ comparison: { changes: Change[] } }>(
          'GET',
          '/v1/articles/{articleId}/staged/compare',
          {
            params: { path: { articleId }, query: { locale: lang } },
          },
        );
        return d.comparison.changes;
      }
      const d = await load<{ comparison: { changes: Change[] } }>(
        'GET',
        '/v1/articles/{articleId}/versions/{versionId}/compare',
        {
          params: {
            path: { articleId, versionId: Number(from) },
            query: to === 'live' ? {} : { to: Number(to) },
          },
        },
      );
      return d.comparison.changes;
    },
  });
  const restore = useMutation({
    mutationFn: (versionId: number) =>
      load('POST', '/v1/articles/{articleId}/versions/{versionId}/restore', {
        params: { path: { articleId, versionId } },
      }),
    onSuccess: () => {
      notifications.show({ message: 'Version restored' });
      props.onRestored();
    },
    onError: (e) => notifications.show({ color: 'red', title: 'Not restored', message: e.message }),
  });

  if (versions.isPending) return <Loader role="status" aria-label="Loading versions" />;
  if (versions.isError) return <Alert color="red">{versions.error.message}</Alert>;
  const list = versions.data;
  return (
    <Stack>
      {props.hasStaged && (
        <Button variant="light" onClick={() => setFrom('staged')} aria-pressed={from === 'staged'}>
          Compare the staged copy with live
        </Button>
      )}
      {list.length === 0 ? (
        <Text c="dimmed">
          No versions in {lang} yet. A version is kept when staged changes are published and when a
          version is restored.
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Compare</Table.Th>
              <Table.Th>with</Table.Th>
              <Table.Th>Version</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td />
              <Table.Td>
                <Radio
                  aria-label="Compare with the live article"
                  checked={to === 'live'}
                  onChange={() => setTo('live')}
                />
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color="green">
                  Live now
                </Badge>
              </Table.Td>
              <Table.Td />
            </Table.Tr>
            {list.map((v) => (
              <Table.Tr key={v.id} data-testid="version-row">
                <Table.Td>
                  <Radio
                    aria-label={`Compare version ${v.id}`}
                    checked={from === String(v.id)}
                    onChange={() => setFrom(String(v.id))}
                  />
                </Table.Td>
                <Table.Td>
                  <Radio
                    aria-label={`With version ${v.id}`}
                    checked={to === String(v.id)}
                    onChange={() => setTo(String(v.id))}
                  />
                </Table.Td>
                <Table.Td>
                  <Text fw={500}>{v.title}</Text>
                  <Text size="xs" c="dimmed">
                    Live from {when(v.published_at)}
                    {v.replaced_by ? ` until ${when(v.replaced_by.occurred_at)}` : ''}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {actorText(v.replaced_by)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {props.canRestore && (
                    <Button
                      size="xs"
                      variant="default"
                      loading={restore.isPending && restore.variables === v.id}
                      onClick={() => restore.mutate(v.id)}
                    >
                      Restore
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {from !== null && from === to && <Text c="dimmed">Choose two different versions.</Text>}
      {comparison.isPending && from !== null && from !== to && (
        <Loader role="status" size="sm" aria-label="Comparing" />
      )}
      {comparison.isError && <Alert color="red">{comparison.error.message}</Alert>}
      {comparison.data && <Changes changes={comparison.data} />}
    </Stack>
  );
}

function Changes({ changes }: { changes: Change[] }) {
  if (changes.length === 0) return <Text>No differences.</Text>;
  return (
    <Stack data-testid="version-diff">
      {changes.map((c) => (
        <Card key={c.field} withBorder padding="sm">
          <Text fw={600} size="sm" mb={4}>
            {c.field}
          </Text>
          {c.diff ? (
            <DiffText label={`Changes to ${c.field}`} runs={readableDiff(c.diff)} />
          ) : (
            <DiffText
              label={`Changes to ${c.field}`}
              runs={[
                { op: 'delete', text: plain(c.old) },
                { op: 'equal', text: ' → ' },
                { op: 'insert', text: plain(c.new) },
              ]}
            />
          )}
        </Card>
      ))}
    </Stack>
  );
}

function plain(value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  if (typeof value === 'string') return htmlAsText(value);
  return JSON.stringify(value);
}

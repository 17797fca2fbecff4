import { Badge, Button, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import type { SessionSite } from '../api/contract';
import { ErrorNotice } from '../ui/ErrorNotice';
import { notifyError } from '../ui/notify';
import { PageHeader } from '../ui/PageHeader';
import {
  downloadZip,
  exportJson,
  isActive,
  saveFile,
  useExportJobs,
  useStartExport,
  type ExportJob,
} from './use-export';

const route = getRouteApi('/sites/$siteId/export');

const STATE: Record<ExportJob['state'], { label: string; color: string }> = {
  queued: { label: 'Waiting', color: 'gray' },
  running: { label: 'Building', color: 'blue' },
  done: { label: 'Ready', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  expired: { label: 'Expired', color: 'gray' },
};

const megabytes = (bytes: number | null) =>
  bytes === null ? '' : `${(bytes / 1048576).toFixed(bytes < 1048576 ? 2 : 1)} MB`;
const when = (value: string | null) => (value ? value.slice(0, 16).replace('T', ' ') : '—');
const today = () => new Date().toISOString().slice(0, 10);

/** The JSON export: the export endpoint's pages, joined in the browser. */
function JsonExport({ site }: { site: SessionSite }) {
  const [busy, setBusy] = useState(false);
  const [count, setCount] = useState<number | null>(null);
  const run = async () => {
    setBusy(true);
    setCount(0);
    try {
      saveFile(`${site.subdomain}-export-${today()}.json`, await exportJson(setCount));
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Content as JSON
        </Title>
        <Text size="sm">
          Every article (drafts included, the Trash left out) and every category, as the export API
          gives them.
        </Text>
        <Group>
          <Button variant="light" onClick={() => void run()} loading={busy}>
            Download JSON
          </Button>
          {count !== null && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {busy
                ? `${count.toLocaleString()} articles read…`
                : `${count.toLocaleString()} articles.`}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function JobProgress({ job }: { job: ExportJob }) {
  const p = job.progress;
  return (
    <Stack gap={4}>
      <Progress value={p.percent} animated={job.state === 'running'} aria-label="Export progress" />
      <Text size="xs" c="dimmed" aria-live="polite">
        {p.percent} % · {p.articles_done.toLocaleString()} of {p.articles_total.toLocaleString()}{' '}
        articles · {p.images_done.toLocaleString()} of {p.images_total.toLocaleString()} images
      </Text>
    </Stack>
  );
}

/** The zip export: a server job, one per site at a time, with its progress. */
function ZipExport({ site }: { site: SessionSite }) {
  const jobs = useExportJobs(site.id);
  const start = useStartExport(site.id);
  const list = jobs.data ?? [];
  const active = list.find(isActive);
  const save = (job: ExportJob) =>
    downloadZip(
      job,
      `${site.subdomain}-export-${(job.finished_at ?? job.created_at).slice(0, 10)}.zip`,
    ).catch(notifyError);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Markdown and images
        </Title>
        <Text size="sm">
          A zip with one Markdown file per article and language, the categories and every stored
          image. It is built on the server; you can leave this page meanwhile. Each zip is kept for
          24 hours.
        </Text>
        <Group>
          <Button
            onClick={() => start.mutate(undefined, { onError: notifyError })}
            loading={start.isPending}
            disabled={active !== undefined}
          >
            Start a zip export
          </Button>
        </Group>
        {active && <JobProgress job={active} />}
        {jobs.isError && <ErrorNotice error={jobs.error} />}
        {list.length > 0 && (
          <Table verticalSpacing="xs" aria-label="Recent zip exports">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Started</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>Kept until</Table.Th>
                <Table.Th ta="right">File</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((job) => (
                <Table.Tr key={job.id}>
                  <Table.Td>{when(job.created_at)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATE[job.state].color} variant="light">
                      {STATE[job.state].label}
                    </Badge>
                    {job.state === 'running' && ` ${job.progress.percent} %`}
                  </Table.Td>
                  <Table.Td>{megabytes(job.size)}</Table.Td>
                  <Table.Td>{when(job.expires_at)}</Table.Td>
                  <Table.Td ta="right">
                    {job.state === 'done' && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        onClick={() => void save(job)}
                        aria-label={`Download the zip of ${when(job.created_at)}`}
                      >
                        Download zip
                      </Button>
                    )}
                    {job.state === 'failed' && (
                      <Text size="xs" c="red">
                        {job.error}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

/** Export (issue 39 item 6): the JSON the export endpoint gives and the zip job. */
export function ExportScreen() {
  const { site } = route.useRouteContext();
  return <SiteExport site={site} />;
}

export function SiteExport({ site }: { site: SessionSite }) {
  return (
    <>
      <PageHeader title="Export" />
      <Stack gap="md">
        <JsonExport site={site} />
        <ZipExport site={site} />
      </Stack>
    </>
  );
}

import { Anchor, Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { SessionSite } from '../api/contract';
import { downloadCsv, toCsv } from '../ui/csv';
import { ErrorNotice } from '../ui/ErrorNotice';
import { ListPager } from '../ui/ListPager';
import { notifyDone, notifyError } from '../ui/notify';
import { PageHeader } from '../ui/PageHeader';
import {
  actorLabel,
  CSV_HEADER,
  csvRow,
  deletedObjects,
  kindLabel,
  objectLabel,
  objectLink,
  type People,
} from './entries';
import { ACTOR_KINDS, OBJECT_TYPES, type AuditSearch } from './search';
import { CSV_MAX_ROWS, readAllEntries, useAudit } from './use-audit';

const route = getRouteApi('/sites/$siteId/audit');

const ANY = 'any';
const when = (value: string) => value.slice(0, 16).replace('T', ' ');

/** A text filter that becomes part of the URL a moment after typing stops. */
function TextFilter(props: {
  label: string;
  placeholder: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const [text, setText] = useState(props.value ?? '');
  const commit = useDebouncedCallback((v: string) => props.onChange(v.trim() || undefined), 300);
  return (
    <TextInput
      label={props.label}
      placeholder={props.placeholder}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        commit(e.currentTarget.value);
      }}
      w={170}
    />
  );
}

/** The log's filters; each change is a new URL (shareable, back-able) from page 1. */
function AuditFilters(props: {
  search: AuditSearch;
  people: People;
  onChange: (next: Partial<AuditSearch>) => void;
}) {
  const { search, onChange } = props;
  const choice = (value: string | null) => (value && value !== ANY ? value : undefined);
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <Select
        label="Person"
        data={[
          { value: ANY, label: 'Anyone' },
          ...[...props.people].map(([id, name]) => ({ value: String(id), label: name })),
        ]}
        value={search.user ? String(search.user) : ANY}
        onChange={(v) => onChange({ user: choice(v) ? Number(v) : undefined })}
        allowDeselect={false}
        searchable
        w={200}
      />
      <Select
        label="Came in through"
        data={[{ value: ANY, label: 'Any' }, ...ACTOR_KINDS]}
        value={search.actor ?? ANY}
        onChange={(v) => onChange({ actor: choice(v) as AuditSearch['actor'] })}
        allowDeselect={false}
        w={170}
      />
      <TextFilter
        label="Action"
        placeholder="article.publish"
        value={search.action}
        onChange={(action) => onChange({ action })}
      />
      <Select
        label="Object"
        data={[{ value: ANY, label: 'Any' }, ...OBJECT_TYPES]}
        value={search.type ?? ANY}
        onChange={(v) => onChange({ type: choice(v) })}
        allowDeselect={false}
        w={150}
      />
      <TextFilter
        label="Object id"
        placeholder="42"
        value={search.object}
        onChange={(object) => onChange({ object })}
      />
      <TextInput
        type="date"
        label="From"
        value={search.from ?? ''}
        onChange={(e) => onChange({ from: e.currentTarget.value || undefined })}
      />
      <TextInput
        type="date"
        label="To (included)"
        value={search.to ?? ''}
        onChange={(e) => onChange({ to: e.currentTarget.value || undefined })}
      />
    </Group>
  );
}

/**
 * The audit log (issue 39 item 4): who changed what, filtered in the URL, each entry linking to
 * what it changed, and the filtered log as a CSV file.
 */
export function AuditLog(props: {
  site: SessionSite;
  search: AuditSearch;
  onSearch: (next: AuditSearch) => void;
}) {
  const { site, search } = props;
  const { entries, people } = useAudit(site.id, search);
  const [exporting, setExporting] = useState(false);
  const rows = entries.data?.entries ?? [];
  const deleted = deletedObjects(rows);
  const change = (next: Partial<AuditSearch>) =>
    props.onSearch({ ...search, ...next, page: undefined });

  const download = async () => {
    setExporting(true);
    try {
      const all = await readAllEntries(search);
      const text = toCsv(
        CSV_HEADER,
        all.entries.map((e) => csvRow(e, people)),
      );
      downloadCsv(`audit-${site.subdomain}-${new Date().toISOString().slice(0, 10)}.csv`, text);
      notifyDone(
        all.capped
          ? `The file holds the newest ${CSV_MAX_ROWS.toLocaleString()} entries; narrow the filters for older ones.`
          : `${all.entries.length.toLocaleString()} entries downloaded.`,
      );
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader title="Audit log">
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          loading={exporting}
          disabled={!entries.isSuccess}
          onClick={() => void download()}
        >
          Download CSV
        </Button>
      </PageHeader>
      <AuditFilters search={search} people={people} onChange={change} />
      {entries.isError && <ErrorNotice error={entries.error} />}
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="xs" aria-busy={entries.isFetching} aria-label="Audit log">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When (UTC)</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>Through</Table.Th>
              <Table.Th>Action</Table.Th>
              <Table.Th>Object</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((e) => {
              const link = objectLink(e, site.id, deleted);
              return (
                <Table.Tr key={e.id}>
                  <Table.Td>{when(e.occurred_at)}</Table.Td>
                  <Table.Td>{actorLabel(e.actor, people)}</Table.Td>
                  <Table.Td>{kindLabel(e.actor.kind)}</Table.Td>
                  <Table.Td>
                    <code>{e.action}</code>
                  </Table.Td>
                  <Table.Td>
                    {link ? (
                      // the webhooks route arrives with its screen; the path is fixed already
                      <Anchor component={Link} to={link.to as never} params={link.params as never}>
                        {objectLabel(e)}
                      </Anchor>
                    ) : (
                      <Text span c="dimmed">
                        {objectLabel(e)}
                        {deleted.has(`${e.target_type}:${e.target_id}`) && ' (deleted)'}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {entries.isSuccess && rows.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          No entries match these filters.
        </Text>
      )}
      <ListPager
        meta={entries.data?.meta}
        noun="entries"
        onPage={(page) => props.onSearch({ ...search, page: page > 1 ? page : undefined })}
      />
    </>
  );
}

/** The route's screen: the site and the filters from the URL. */
export function AuditScreen() {
  const { site } = route.useRouteContext();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <AuditLog site={site} search={search} onSearch={(next) => void navigate({ search: next })} />
  );
}

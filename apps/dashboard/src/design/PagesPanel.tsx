import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { Component, DesignDocument, PageKey, RegionKey } from '@hc/design';
import { PAGES, REGIONS } from './undo';
import type { DesignOp } from './undo';
import type { DraftSession } from './use-draft-session';
import type { CatalogEntry, SettingInfo } from './use-design';

export const PAGE_NAMES: Record<PageKey, string> = {
  home: 'Home',
  category: 'Category',
  article: 'Article',
  search: 'Search',
  contact: 'Contact',
  notFound: 'Not found',
};
const LAYOUTS = ['full', 'sidebar-left', 'sidebar-right', 'narrow'];

/**
 * The types that may go into a list (spec 4.12, the template editor's placement rules, as the
 * catalog of GET /v1/template/schema states them): made for this page and region (or accepted by
 * the container), and not a once-per-region type already there.
 */
export function placeable(
  catalog: CatalogEntry[],
  page: PageKey,
  region: RegionKey,
  regionComponents: Component[],
  parent: CatalogEntry | null,
): CatalogEntry[] {
  const present = new Set<string>();
  const walk = (list: Component[]) =>
    list.forEach((c) => {
      present.add(c.type);
      walk(c.children);
    });
  walk(regionComponents);
  return catalog.filter(
    (e) =>
      e.pages.includes(page) &&
      e.regions.includes(region) &&
      (!parent || parent.accepts.includes(e.type)) &&
      !(e.once_per_region && present.has(e.type)),
  );
}

function SettingField({
  name,
  info,
  value,
  onChange,
}: {
  name: string;
  info: SettingInfo;
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  const label = info.help || name;
  if (info.type === 'boolean')
    return (
      <Switch
        label={label}
        checked={value === true}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
    );
  if (info.type === 'enum')
    return (
      <Select
        label={label}
        data={(info.options ?? []).map(String)}
        value={String(value)}
        allowDeselect={false}
        onChange={(x) => {
          const option = (info.options ?? []).find((o) => String(o) === x);
          if (option !== undefined) onChange(option);
        }}
      />
    );
  if (info.type === 'markdown')
    return (
      <Textarea
        label={label}
        autosize
        minRows={2}
        value={String(value ?? '')}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  if (info.type === 'text' || info.type === 'url' || info.type === 'color')
    return (
      <TextInput
        label={label}
        value={String(value ?? '')}
        maxLength={info.max_length}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  return (
    <Text size="sm" c="dimmed">
      {label}: edited through the design API.
    </Text>
  );
}

/** A component's settings, saved as one update_component. */
function ComponentForm({
  component,
  entry,
  page,
  session,
  onDone,
}: {
  component: Component;
  entry: CatalogEntry;
  page: PageKey;
  session: DraftSession;
  onDone: () => void;
}) {
  const [config, setConfig] = useState<Record<string, unknown>>(component.config);
  const [visibleOn, setVisibleOn] = useState<string>(component.visibleOn);
  const changed: Record<string, unknown> = Object.fromEntries(
    Object.entries(config).filter(
      ([k, v]) => JSON.stringify(v) !== JSON.stringify(component.config[k]),
    ),
  );
  if (visibleOn !== component.visibleOn) changed.visibleOn = visibleOn;
  return (
    <form
      aria-label={`Settings of ${entry.label} ${component.id}`}
      onSubmit={(e) => {
        e.preventDefault();
        const op = { op: 'update_component', id: component.id, config: changed, page };
        void session.change(`Change ${entry.label}`, [op]).then((ok) => ok && onDone());
      }}
    >
      <Stack gap="xs" mt="xs">
        {Object.entries(entry.settings).map(([name, info]) => (
          <SettingField
            key={name}
            name={name}
            info={info}
            value={config[name]}
            onChange={(v) => setConfig({ ...config, [name]: v })}
          />
        ))}
        <Select
          label="Shown on"
          data={[
            { value: 'all', label: 'Every screen' },
            { value: 'desktop', label: 'Wide screens only' },
            { value: 'mobile', label: 'Phones only' },
          ]}
          value={visibleOn}
          allowDeselect={false}
          onChange={(x) => x && setVisibleOn(x)}
        />
        <Group>
          <Button type="submit" size="xs" disabled={!Object.keys(changed).length}>
            Save {entry.label}
          </Button>
          <Button size="xs" variant="default" onClick={onDone}>
            Close
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface ListProps {
  list: Component[];
  parent: Component | null;
  page: PageKey;
  region: RegionKey;
  regionComponents: Component[];
  catalog: CatalogEntry[];
  session: DraftSession;
}

function AddComponent({
  list,
  parent,
  page,
  region,
  regionComponents,
  catalog,
  session,
}: ListProps) {
  const parentEntry = parent ? (catalog.find((e) => e.type === parent.type) ?? null) : null;
  const options = placeable(catalog, page, region, regionComponents, parentEntry);
  const [type, setType] = useState<string | null>(null);
  if (!options.length) return null;
  const where = parent ? `inside ${parentEntry?.label ?? parent.type}` : `to ${region}`;
  return (
    <Group gap="xs" align="flex-end">
      <Select
        size="xs"
        label={`Add a component ${where}`}
        placeholder="Choose a type"
        data={options.map((e) => ({ value: e.type, label: e.label }))}
        value={type}
        onChange={setType}
      />
      <Button
        size="xs"
        variant="default"
        disabled={!type}
        onClick={() => {
          const op: DesignOp = { op: 'add_component', page, region, type, index: list.length };
          if (parent) op.parent_id = parent.id;
          const label = catalog.find((e) => e.type === type)?.label ?? String(type);
          void session.change(`Add ${label}`, [op]).then(() => setType(null));
        }}
      >
        Add
      </Button>
    </Group>
  );
}

function ComponentList(props: ListProps) {
  const { list, parent, page, region, catalog, session } = props;
  const [editing, setEditing] = useState<string | null>(null);
  const move = (c: Component, index: number) =>
    session.change(`Move ${c.type}`, [
      { op: 'move_component', id: c.id, index, page, region, parent_id: parent?.id ?? null },
    ]);
  return (
    <Stack gap={4} pl={parent ? 'md' : 0}>
      {list.map((c, i) => {
        const entry = catalog.find((e) => e.type === c.type);
        const name = entry?.label ?? c.type;
        return (
          <Paper key={c.id} withBorder p={6} radius="sm">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm">
                {name}{' '}
                <Text span size="xs" c="dimmed">
                  {c.id}
                </Text>
              </Text>
              <Group gap={2} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Edit ${name} ${c.id}`}
                  onClick={() => setEditing(editing === c.id ? null : c.id)}
                  disabled={!entry}
                >
                  <IconPencil size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move ${name} ${c.id} up`}
                  disabled={i === 0}
                  onClick={() => void move(c, i - 1)}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move ${name} ${c.id} down`}
                  disabled={i === list.length - 1}
                  onClick={() => void move(c, i + 1)}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${name} ${c.id}`}
                  onClick={() =>
                    void session.change(`Remove ${name}`, [
                      { op: 'remove_component', id: c.id, page },
                    ])
                  }
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
            {editing === c.id && entry && (
              <ComponentForm
                component={c}
                entry={entry}
                page={page}
                session={session}
                onDone={() => setEditing(null)}
              />
            )}
            {entry?.container && <ComponentList {...props} list={c.children} parent={c} />}
          </Paper>
        );
      })}
      <AddComponent {...props} />
    </Stack>
  );
}

const SYNCABLE: readonly RegionKey[] = ['header', 'hero', 'sidebar', 'footer', 'utility'];

/** A region's styling (update_region) and whether every page shares it (sync_region). */
function RegionSettings({
  doc,
  page,
  region,
  session,
}: {
  doc: DesignDocument;
  page: PageKey;
  region: RegionKey;
  session: DraftSession;
}) {
  const before = doc.pages[page].regions[region].config;
  const [v, setV] = useState(before);
  const synced = doc.syncedRegions.includes(region);
  const changed = Object.fromEntries(
    Object.entries(v).filter(([k, x]) => x !== before[k as keyof typeof before]),
  );
  return (
    <form
      aria-label={`Settings of the ${region} region`}
      onSubmit={(e) => {
        e.preventDefault();
        void session.change(`Style ${region}`, [
          { op: 'update_region', page, region, config: changed },
        ]);
      }}
    >
      <Group gap="xs" align="flex-end" mb="xs">
        <Select
          size="xs"
          w={110}
          label="Padding"
          data={['compact', 'standard', 'tall']}
          value={v.padding}
          allowDeselect={false}
          onChange={(x) => x && setV({ ...v, padding: x as typeof v.padding })}
        />
        <Select
          size="xs"
          w={100}
          label="Align"
          data={['left', 'center']}
          value={v.align}
          allowDeselect={false}
          onChange={(x) => x && setV({ ...v, align: x as typeof v.align })}
        />
        <TextInput
          size="xs"
          w={150}
          label="Background"
          placeholder="#rrggbb or var(…)"
          value={v.background ?? ''}
          onChange={(e) => setV({ ...v, background: e.currentTarget.value || null })}
        />
        <Switch
          size="xs"
          label="Line below"
          checked={v.borderBottom}
          onChange={(e) => setV({ ...v, borderBottom: e.currentTarget.checked })}
        />
        <Button type="submit" size="xs" variant="default" disabled={!Object.keys(changed).length}>
          Save {region} style
        </Button>
      </Group>
      {SYNCABLE.includes(region) && (
        <Switch
          size="xs"
          label={`Same ${region} on every page`}
          description={
            synced ? 'Edits here change every page' : `Turning it on copies this page’s ${region}`
          }
          checked={synced}
          onChange={(e) =>
            void session.change(`${e.currentTarget.checked ? 'Share' : 'Unshare'} ${region}`, [
              e.currentTarget.checked
                ? { op: 'sync_region', region, enabled: true, source_page: page }
                : { op: 'sync_region', region, enabled: false },
            ])
          }
        />
      )}
    </form>
  );
}

/** Pages: the layout and each region's components, with the placement rules of the catalog. */
export function PagesPanel({
  doc,
  session,
  catalog,
}: {
  doc: DesignDocument;
  session: DraftSession;
  catalog: CatalogEntry[];
}) {
  const [page, setPage] = useState<PageKey>('home');
  const [styling, setStyling] = useState<RegionKey | null>(null);
  const p = doc.pages[page];
  return (
    <Stack gap="sm">
      <Group align="flex-end">
        <Select
          label="Page"
          data={PAGES.map((k) => ({ value: k, label: PAGE_NAMES[k] }))}
          value={page}
          allowDeselect={false}
          onChange={(x) => x && setPage(x as PageKey)}
        />
        <Select
          label="Layout"
          data={LAYOUTS}
          value={p.layout}
          allowDeselect={false}
          onChange={(x) =>
            x &&
            x !== p.layout &&
            void session.change(`Layout of ${PAGE_NAMES[page]}`, [
              { op: 'set', path: `pages.${page}.layout`, value: x },
            ])
          }
        />
      </Group>
      {REGIONS.map((region) => (
        <Paper key={region} withBorder p="sm" component="section" aria-label={`Region ${region}`}>
          <Group gap="xs" mb={6} justify="space-between">
            <Group gap="xs">
              <Title order={3} size="h6">
                {region}
              </Title>
              {doc.syncedRegions.includes(region) && (
                <Badge size="xs" variant="light">
                  Same on every page
                </Badge>
              )}
            </Group>
            <Button
              size="compact-xs"
              variant="subtle"
              aria-expanded={styling === region}
              onClick={() => setStyling(styling === region ? null : region)}
            >
              Style the {region} region
            </Button>
          </Group>
          {styling === region && (
            <RegionSettings
              key={`${page}${JSON.stringify(p.regions[region].config)}`}
              doc={doc}
              page={page}
              region={region}
              session={session}
            />
          )}
          <ComponentList
            list={p.regions[region].components}
            parent={null}
            page={page}
            region={region}
            regionComponents={p.regions[region].components}
            catalog={catalog}
            session={session}
          />
        </Paper>
      ))}
    </Stack>
  );
}

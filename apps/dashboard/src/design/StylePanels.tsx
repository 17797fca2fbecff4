import {
  Button,
  ColorInput,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import type { DesignDocument } from '@hc/design';
import type { DesignOp } from './undo';
import type { DraftSession } from './use-draft-session';
import type { ThemeGuide } from './use-design';

type Values = Record<string, string>;

/** The keys of `next` that differ from `before`, as one `set` of `path` (or nothing). */
export function setChanged(path: string, before: Values, next: Values): DesignOp[] {
  const value = Object.fromEntries(Object.entries(next).filter(([k, v]) => before[k] !== v));
  return Object.keys(value).length ? [{ op: 'set', path, value }] : [];
}

/** A part of the document edited as a small form, saved as one batch. */
function PartForm({
  label,
  session,
  ops,
  dirty,
  children,
}: {
  label: string;
  session: DraftSession;
  ops: () => DesignOp[];
  dirty: boolean;
  children: React.ReactNode;
}) {
  return (
    <form
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        void session.change(label, ops());
      }}
    >
      <Stack gap="sm">
        {children}
        <Group>
          <Button type="submit" disabled={!dirty || !!session.stale} loading={session.busy}>
            Save {label.toLowerCase()}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function BrandPanel({ doc, session }: { doc: DesignDocument; session: DraftSession }) {
  const before: Values = {
    name: doc.brand.name,
    tagline: doc.brand.tagline ?? '',
    websiteUrl: doc.brand.websiteUrl ?? '',
  };
  const [v, setV] = useState(before);
  const field = (key: string) => ({
    value: v[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setV({ ...v, [key]: e.target.value }),
  });
  return (
    <PartForm
      label="Brand"
      session={session}
      ops={() => setChanged('brand', before, v)}
      dirty={setChanged('brand', before, v).length > 0}
    >
      <TextInput
        label="Name"
        description="Becomes the site’s name when you publish"
        required
        {...field('name')}
      />
      <TextInput label="Tagline" {...field('tagline')} />
      <TextInput label="Main website" placeholder="https://example.com" {...field('websiteUrl')} />
    </PartForm>
  );
}

/** Search engines and sharing (`meta`): the title readers' tabs and results show, no-index. */
export function MetaPanel({ doc, session }: { doc: DesignDocument; session: DraftSession }) {
  const before: Values = {
    title: doc.meta.title,
    description: doc.meta.description ?? '',
    noIndex: String(doc.meta.noIndex),
  };
  const [v, setV] = useState(before);
  const ops = () => {
    const out = setChanged('meta', { ...before, noIndex: v.noIndex }, v);
    if (v.noIndex !== before.noIndex)
      out.push({ op: 'set', path: 'meta.noIndex', value: v.noIndex === 'true' });
    return out;
  };
  return (
    <PartForm label="Search engines" session={session} ops={ops} dirty={ops().length > 0}>
      <TextInput
        label="Page title"
        required
        value={v.title}
        onChange={(e) => setV({ ...v, title: e.currentTarget.value })}
      />
      <TextInput
        label="Description"
        value={v.description}
        onChange={(e) => setV({ ...v, description: e.currentTarget.value })}
      />
      <Switch
        label="Ask search engines not to index the help center"
        checked={v.noIndex === 'true'}
        onChange={(e) => setV({ ...v, noIndex: String(e.currentTarget.checked) })}
      />
    </PartForm>
  );
}

const TOKENS: [string, string][] = [
  ['primary', 'Primary'],
  ['accent', 'Accent'],
  ['fg', 'Text'],
  ['bg', 'Background'],
  ['muted', 'Muted text'],
  ['surface', 'Surface'],
  ['border', 'Border'],
];

export function ColorsPanel({ doc, session }: { doc: DesignDocument; session: DraftSession }) {
  const [mode, setMode] = useState<'colors' | 'darkColors'>('colors');
  const before = doc.theme[mode] as Values;
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Color scheme"
        value={mode}
        onChange={(m) => setMode(m as typeof mode)}
        data={[
          { value: 'colors', label: 'Light' },
          { value: 'darkColors', label: 'Dark' },
        ]}
      />
      <PaletteForm
        key={`${mode}${JSON.stringify(before)}`}
        mode={mode}
        before={before}
        session={session}
      />
    </Stack>
  );
}

function PaletteForm({
  mode,
  before,
  session,
}: {
  mode: 'colors' | 'darkColors';
  before: Values;
  session: DraftSession;
}) {
  const [v, setV] = useState(before);
  const path = `theme.${mode}`;
  const label = mode === 'colors' ? 'Light colors' : 'Dark colors';
  return (
    <PartForm
      label={label}
      session={session}
      ops={() => setChanged(path, before, v)}
      dirty={setChanged(path, before, v).length > 0}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {TOKENS.map(([token, name]) => (
          <ColorInput
            key={token}
            label={name}
            format="hex"
            value={v[token]}
            onChange={(value) => setV({ ...v, [token]: value })}
            error={/^#([0-9a-f]{6}|[0-9a-f]{8})$/i.test(v[token]) ? undefined : '#rrggbb'}
          />
        ))}
      </SimpleGrid>
    </PartForm>
  );
}

export function TypographyPanel({
  doc,
  session,
  guide,
}: {
  doc: DesignDocument;
  session: DraftSession;
  guide: ThemeGuide;
}) {
  const before: Values = {
    'fonts.heading': doc.theme.fonts.heading,
    'fonts.body': doc.theme.fonts.body,
    'fonts.code': doc.theme.fonts.code,
    'radius.buttons': doc.theme.radius.buttons,
    'radius.cards': doc.theme.radius.cards,
    'radius.inputs': doc.theme.radius.inputs,
    density: doc.theme.density,
  };
  const [v, setV] = useState(before);
  const ops = () => {
    const pick = (prefix: string) =>
      Object.fromEntries(
        Object.entries(v)
          .filter(([k]) => k.startsWith(prefix))
          .map(([k, x]) => [k.slice(prefix.length), x]),
      );
    const was = (prefix: string) =>
      Object.fromEntries(
        Object.entries(before)
          .filter(([k]) => k.startsWith(prefix))
          .map(([k, x]) => [k.slice(prefix.length), x]),
      );
    return [
      ...setChanged('theme.fonts', was('fonts.'), pick('fonts.')),
      ...setChanged('theme.radius', was('radius.'), pick('radius.')),
      ...(v.density !== before.density
        ? [{ op: 'set', path: 'theme.density', value: v.density }]
        : []),
    ];
  };
  const select = (key: string, label: string, data: string[]) => (
    <Select
      label={label}
      data={data.includes(v[key]) ? data : [v[key], ...data]}
      value={v[key]}
      allowDeselect={false}
      onChange={(x) => x && setV({ ...v, [key]: x })}
    />
  );
  return (
    <PartForm label="Typography and layout" session={session} ops={ops} dirty={ops().length > 0}>
      <Text size="sm" fw={600}>
        Fonts
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {select('fonts.heading', 'Headings', guide.fonts)}
        {select('fonts.body', 'Text', guide.fonts)}
        {select('fonts.code', 'Code', guide.fonts)}
      </SimpleGrid>
      <Text size="sm" fw={600}>
        Corner radius
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {select('radius.buttons', 'Buttons', guide.radius.options)}
        {select('radius.cards', 'Cards', guide.radius.options)}
        {select('radius.inputs', 'Inputs', guide.radius.options)}
      </SimpleGrid>
      {select('density', 'Density', guide.density)}
    </PartForm>
  );
}

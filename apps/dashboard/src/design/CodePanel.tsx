import {
  Alert,
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
import { useState } from 'react';
import type { CssItem, DesignDocument, Script } from '@hc/design';
import type { DraftSession } from './use-draft-session';

function CssBlock({ item, session }: { item: CssItem; session: DraftSession }) {
  const [css, setCss] = useState(item.css);
  const [label, setLabel] = useState(item.label ?? '');
  const name = item.label || item.id;
  return (
    <Paper withBorder p="sm" component="section" aria-label={`CSS block ${name}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <TextInput
            label="Label"
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
          />
          <Switch
            label="Applied"
            checked={item.enabled}
            onChange={(e) =>
              void session.change(`${e.currentTarget.checked ? 'Apply' : 'Pause'} CSS ${name}`, [
                { op: 'update_css', id: item.id, enabled: e.currentTarget.checked },
              ])
            }
          />
        </Group>
        <Textarea
          label="CSS"
          autosize
          minRows={3}
          ff="monospace"
          value={css}
          onChange={(e) => setCss(e.currentTarget.value)}
        />
        <Group>
          <Button
            size="xs"
            disabled={css === item.css && label === (item.label ?? '')}
            onClick={() =>
              void session.change(`Change CSS ${name}`, [
                { op: 'update_css', id: item.id, css, label: label || null },
              ])
            }
          >
            Save CSS {name}
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red"
            onClick={() =>
              void session.change(`Remove CSS ${name}`, [{ op: 'remove_css', id: item.id }])
            }
          >
            Remove
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function NewCss({ session }: { session: DraftSession }) {
  const [css, setCss] = useState('');
  const [label, setLabel] = useState('');
  return (
    <form
      aria-label="New CSS block"
      onSubmit={(e) => {
        e.preventDefault();
        void session
          .change('Add CSS', [{ op: 'add_css', css, label: label || null }])
          .then((ok) => ok && (setCss(''), setLabel('')));
      }}
    >
      <Stack gap="xs">
        <TextInput
          label="New block label"
          value={label}
          onChange={(e) => setLabel(e.currentTarget.value)}
        />
        <Textarea
          label="New block CSS"
          placeholder='[data-hc-component="Hero"] { … }'
          autosize
          minRows={3}
          ff="monospace"
          value={css}
          onChange={(e) => setCss(e.currentTarget.value)}
        />
        <Group>
          <Button type="submit" size="xs" disabled={!css.trim()}>
            Add the CSS block
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const kindOf = (s: Script) =>
  s.src !== undefined ? 'src' : s.inlineBody !== undefined ? 'inlineBody' : 'htmlBody';
const KINDS = [
  { value: 'src', label: 'External file (https address)' },
  { value: 'inlineBody', label: 'JavaScript' },
  { value: 'htmlBody', label: 'HTML' },
];
const POSITIONS = ['headStart', 'headEnd', 'bodyStart', 'bodyEnd'];

function NewScript({ session }: { session: DraftSession }) {
  const [kind, setKind] = useState('src');
  const [body, setBody] = useState('');
  const [label, setLabel] = useState('');
  const [position, setPosition] = useState('bodyEnd');
  return (
    <form
      aria-label="New script"
      onSubmit={(e) => {
        e.preventDefault();
        void session
          .change('Add script', [
            { op: 'add_script', position, [kind]: body, label: label || null },
          ])
          .then((ok) => ok && setBody(''));
      }}
    >
      <Stack gap="xs">
        <Group grow>
          <TextInput
            label="Script label"
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
          />
          <Select
            label="Where"
            data={POSITIONS}
            value={position}
            allowDeselect={false}
            onChange={(x) => x && setPosition(x)}
          />
          <Select
            label="Kind"
            data={KINDS}
            value={kind}
            allowDeselect={false}
            onChange={(x) => x && setKind(x)}
          />
        </Group>
        {kind === 'src' ? (
          <TextInput
            label="Script address"
            placeholder="https://"
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
          />
        ) : (
          <Textarea
            label="Script body"
            autosize
            minRows={3}
            ff="monospace"
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
          />
        )}
        <Group>
          <Button type="submit" size="xs" disabled={!body.trim()}>
            Add the script
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Custom CSS blocks and scripts (spec 4.12 add/update/remove_css and _script): for the roles the
 * design API lets edit the design; the API's limits and refusals are shown as it words them.
 */
export function CodePanel({ doc, session }: { doc: DesignDocument; session: DraftSession }) {
  return (
    <Stack gap="md">
      <Title order={3} size="h5">
        Custom CSS
      </Title>
      <Text size="sm" c="dimmed">
        Target a component with [data-hc-instance-id=&quot;id&quot;], a type with
        [data-hc-component=&quot;Hero&quot;]. @import and javascript: addresses are removed.
      </Text>
      {doc.customCssItems.map((item) => (
        <CssBlock key={`${item.id}:${item.css}:${item.label}`} item={item} session={session} />
      ))}
      <NewCss session={session} />
      <Title order={3} size="h5">
        Scripts
      </Title>
      <Alert color="orange" variant="light" title="Scripts run for every visitor">
        A script runs on the pages it is for, for every reader. Add only code you trust.
      </Alert>
      {doc.globals.scripts.map((s) => (
        <Paper
          key={s.id}
          withBorder
          p="sm"
          component="section"
          aria-label={`Script ${s.label || s.id}`}
        >
          <Group justify="space-between">
            <Text size="sm">
              {s.label || s.id} · {KINDS.find((k) => k.value === kindOf(s))?.label} · {s.position}
            </Text>
            <Group gap="xs">
              <Switch
                label="Enabled"
                checked={s.enabled}
                onChange={(e) =>
                  void session.change(`${e.currentTarget.checked ? 'Enable' : 'Disable'} script`, [
                    { op: 'update_script', id: s.id, enabled: e.currentTarget.checked },
                  ])
                }
              />
              <Button
                size="xs"
                variant="default"
                onClick={() =>
                  void session.change('Remove script', [{ op: 'remove_script', id: s.id }])
                }
              >
                Remove
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
      <NewScript session={session} />
    </Stack>
  );
}

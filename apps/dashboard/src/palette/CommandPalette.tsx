import {
  Badge,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import type { SessionSite } from '../api/contract';
import { usePaletteResults, type PaletteItem } from './use-palette-results';

// The palette is opened from anywhere (the header's button, ⌘K / Ctrl+K): one small store.
let open = false;
const listeners = new Set<() => void>();
const setOpen = (value: boolean) => {
  open = value;
  listeners.forEach((l) => l());
};
export const openPalette = () => setOpen(true);
export const closePalette = () => setOpen(false);
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/**
 * Find anything (issue 37 item 9): articles of every status and language (the session's team
 * search), categories and the dashboard's pages. Arrow keys move, Enter opens, Escape closes.
 */
export function CommandPalette({ site }: { site: SessionSite }) {
  const opened = useSyncExternalStore(subscribe, () => open);
  useHotkeys([['mod+K', () => setOpen(!open)]], []);
  return (
    <Modal
      opened={opened}
      onClose={() => setOpen(false)}
      title="Find anything"
      size="lg"
      yOffset="10vh"
    >
      {opened && <PaletteBody site={site} onDone={() => setOpen(false)} />}
    </Modal>
  );
}

function PaletteBody({ site, onDone }: { site: SessionSite; onDone: () => void }) {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 200);
  const { items, loading } = usePaletteResults(site, debounced);
  const [active, setActive] = useState(0);
  const navigate = useNavigate();
  const listId = useId();
  const current = Math.min(active, Math.max(items.length - 1, 0));
  // The arrow keys move the active option from the input; the list follows it into view.
  useEffect(() => {
    document.getElementById(`${listId}-${current}`)?.scrollIntoView({ block: 'nearest' });
  }, [listId, current]);

  const choose = (item: PaletteItem | undefined) => {
    if (!item) return;
    onDone();
    void navigate(item.link);
  };

  return (
    <Stack gap="sm">
      <TextInput
        data-autofocus
        aria-label="Search articles, categories and pages"
        placeholder="Search articles, categories and pages"
        leftSection={<IconSearch size={16} />}
        value={query}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
          setActive(0);
        }}
        role="combobox"
        aria-expanded
        aria-controls={listId}
        aria-activedescendant={items[current] ? `${listId}-${current}` : undefined}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((current + 1) % Math.max(items.length, 1));
          else if (e.key === 'ArrowUp')
            setActive((current - 1 + items.length) % Math.max(items.length, 1));
          else if (e.key === 'Enter') choose(items[current]);
          else return;
          e.preventDefault();
        }}
      />
      {/* Longer than its height the list scrolls; it is a tab stop then (axe:
          scrollable-region-focusable), its options stay reached from the input. */}
      <ScrollArea.Autosize mah="50vh" viewportProps={{ tabIndex: 0 }}>
        <Stack gap={2} role="listbox" id={listId} aria-label="Results">
          {items.map((item, i) => (
            <UnstyledButton
              key={item.key}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === current}
              tabIndex={-1}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(item)}
              px="sm"
              py={6}
              style={{
                borderRadius: 6,
                background: i === current ? 'var(--mantine-color-default-hover)' : undefined,
              }}
            >
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" truncate>
                  {item.label}
                </Text>
                <Group gap={4} wrap="nowrap">
                  {item.badges.map((b) => (
                    <Badge key={b} size="xs" variant="light" color="gray">
                      {b}
                    </Badge>
                  ))}
                  <Text size="xs" c="dimmed">
                    {item.kind}
                  </Text>
                </Group>
              </Group>
            </UnstyledButton>
          ))}
          {!items.length && (
            <Text size="sm" c="dimmed" p="sm">
              {loading ? 'Searching…' : 'Nothing found.'}
            </Text>
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}

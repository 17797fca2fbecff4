import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Image,
  Modal,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { DraftSession } from './use-draft-session';
import type { ApplySection, Theme } from './use-design';

/** Spec 4.12 apply `sections`, grouped as the dialog shows them. */
export const APPLY_GROUPS: { label: string; sections: [ApplySection, string][] }[] = [
  {
    label: 'Look',
    sections: [
      ['theme.colors', 'Colors (light)'],
      ['theme.darkColors', 'Colors (dark)'],
      ['theme.fonts', 'Fonts'],
      ['theme.radius', 'Corner radius'],
      ['theme.density', 'Density'],
    ],
  },
  {
    label: 'Pages',
    sections: [
      ['pages.home', 'Home'],
      ['pages.category', 'Category'],
      ['pages.article', 'Article'],
      ['pages.search', 'Search'],
      ['pages.contact', 'Contact'],
      ['pages.notFound', 'Not found'],
    ],
  },
  {
    label: 'Site-wide',
    sections: [
      ['brand', 'Brand (name, tagline, logos)'],
      ['meta', 'Search engines and sharing'],
      ['globals.navigation', 'Menu'],
      ['globals.scripts', 'Scripts'],
      ['customCss', 'Custom CSS'],
    ],
  },
];

function ApplyDialog({
  theme,
  session,
  onClose,
}: {
  theme: Theme;
  session: DraftSession;
  onClose: () => void;
}) {
  const [scope, setScope] = useState<'all' | 'some'>('all');
  const [chosen, setChosen] = useState<string[]>(['theme.colors', 'theme.darkColors']);
  const apply = async () => {
    const sections = scope === 'all' ? null : (chosen as ApplySection[]);
    if (await session.applyTheme(theme.key, theme.name, sections)) onClose();
  };
  return (
    <Modal opened onClose={onClose} title={`Apply ${theme.name} to the draft`} size="lg">
      <Stack gap="sm">
        <Radio.Group
          label="What to take from the theme"
          value={scope}
          onChange={(v) => setScope(v as 'all' | 'some')}
        >
          <Stack gap={6} mt={6}>
            <Radio value="all" label="Everything" />
            <Radio value="some" label="Only some parts" />
          </Stack>
        </Radio.Group>
        {scope === 'all' ? (
          <Text size="sm">
            Everything replaces the pages (their components get new ids), the colors, fonts, menu,
            scripts and custom CSS, puts the theme’s placeholder name and tagline in the brand,
            clears the logos and favicon, and takes the theme’s texts for search engines.
          </Text>
        ) : (
          <Checkbox.Group value={chosen} onChange={setChosen} label="Parts to apply">
            <SimpleGrid cols={{ base: 1, sm: 3 }} mt={6}>
              {APPLY_GROUPS.map((g) => (
                <Stack key={g.label} gap={6}>
                  <Text size="sm" fw={600}>
                    {g.label}
                  </Text>
                  {g.sections.map(([value, label]) => (
                    <Checkbox key={value} value={value} label={label} />
                  ))}
                </Stack>
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        )}
        <Text size="sm" c="dimmed">
          Only the draft changes: readers see it once you publish. Undo takes it back.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => void apply()}
            loading={session.busy}
            disabled={scope === 'some' && chosen.length === 0}
          >
            Apply to the draft
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The themes (GET /v1/template/themes) with their pictures; apply opens the options. */
export function ThemeGallery({ themes, session }: { themes: Theme[]; session: DraftSession }) {
  const [applying, setApplying] = useState<Theme | null>(null);
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {themes.map((t) => (
          <Card key={t.key} withBorder padding="sm" component="article" aria-label={t.name}>
            <Card.Section>
              <Image
                src={t.preview_image}
                alt={`${t.name}: the home page in the theme's colors`}
                h={140}
                fit="cover"
              />
            </Card.Section>
            <Group justify="space-between" mt="xs" gap="xs">
              <Title order={3} size="h5">
                {t.name}
              </Title>
              {t.current && <Badge variant="light">Current</Badge>}
            </Group>
            <Text size="sm" c="dimmed" lineClamp={2}>
              {t.tagline}
            </Text>
            <Button
              mt="sm"
              variant={t.current ? 'default' : 'filled'}
              onClick={() => setApplying(t)}
              disabled={session.busy || !!session.stale}
              aria-label={`Apply ${t.name}…`}
            >
              Apply…
            </Button>
          </Card>
        ))}
      </SimpleGrid>
      {applying && (
        <ApplyDialog theme={applying} session={session} onClose={() => setApplying(null)} />
      )}
    </>
  );
}

import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { getRouteApi, Link } from '@tanstack/react-router';
import { ErrorNotice } from '../ui/ErrorNotice';
import { ListPager } from '../ui/ListPager';
import { localized } from '../ui/localized';
import { PageHeader } from '../ui/PageHeader';
import { translationState, type TranslationState } from './search';
import { useTranslationQueue } from './use-translations';

const route = getRouteApi('/sites/$siteId/translations');

/** Badge colors whose text meets WCAG AA contrast in light and dark (as the articles list's). */
const STATE: Record<TranslationState, { label: string; color?: string; variant: string }> = {
  outdated: { label: 'Outdated', color: 'red.9', variant: 'outline' },
  unreleased: { label: 'Not released', variant: 'default' },
  released: { label: 'Released', color: 'teal.9', variant: 'filled' },
  missing: { label: 'Not translated', variant: 'default' },
};

/**
 * Translations (issue 38 item 6): the outdated-translation queue, or every article, with each
 * translated language's state and a link to the side-by-side workspace. Only the languages a
 * translator edits show (every language but the site's default).
 */
export function TranslationsScreen() {
  const { site } = route.useRouteContext();
  const { page = 1, all } = route.useSearch();
  const navigate = route.useNavigate();
  const languages = site.languages.filter((l) => l !== site.default_language);
  const list = useTranslationQueue(site.id, page, Boolean(all));
  const rows = list.data?.articles ?? [];

  return (
    <>
      <PageHeader title="Translations">
        <Button.Group aria-label="Which articles">
          {(['outdated', 'all'] as const).map((which) => {
            const on = (which === 'all') === Boolean(all);
            return (
              <Button
                key={which}
                variant={on ? 'filled' : 'default'}
                aria-pressed={on}
                onClick={() => void navigate({ search: which === 'all' ? { all: true } : {} })}
              >
                {which === 'all' ? 'All articles' : 'Outdated'}
              </Button>
            );
          })}
        </Button.Group>
      </PageHeader>
      {languages.length === 0 && (
        <Text c="dimmed">This site has one language: there is nothing to translate.</Text>
      )}
      {list.isError && <ErrorNotice error={list.error} />}
      {languages.length > 0 && (
        <Table.ScrollContainer minWidth={600}>
          <Table verticalSpacing="xs" aria-label={all ? 'Articles' : 'Outdated translations'}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Article ({site.default_language})</Table.Th>
                {languages.map((l) => (
                  <Table.Th key={l}>{l}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((a) => {
                const title = localized(a.title, site.default_language) || `Untitled (${a.id})`;
                return (
                  <Table.Tr key={a.id}>
                    <Table.Td>{title}</Table.Td>
                    {languages.map((l) => {
                      const state = STATE[translationState(a, l)];
                      return (
                        <Table.Td key={l}>
                          <Group gap={6} wrap="nowrap">
                            <Badge variant={state.variant} color={state.color}>
                              {state.label}
                            </Badge>
                            <Anchor
                              size="sm"
                              aria-label={`Translate ${title} into ${l}`}
                              renderRoot={(p) => (
                                <Link
                                  {...p}
                                  to="/sites/$siteId/translations/$articleId/$lang"
                                  params={{
                                    siteId: String(site.id),
                                    articleId: String(a.id),
                                    lang: l,
                                  }}
                                />
                              )}
                            >
                              Translate
                            </Anchor>
                          </Group>
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.isSuccess && rows.length === 0 && languages.length > 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {all ? 'No articles yet.' : 'No outdated translations: every translation is up to date.'}
        </Text>
      )}
      <ListPager
        meta={list.data?.meta}
        noun={all ? 'articles' : 'articles with an outdated translation'}
        onPage={(p) => void navigate({ search: (s) => ({ ...s, page: p > 1 ? p : undefined }) })}
      />
    </>
  );
}

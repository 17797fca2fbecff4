import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { createLink, getRouteApi } from '@tanstack/react-router';
import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import type { Article, SessionSite } from '../api/contract';
import { permissions } from '../app/session';
import { ErrorNotice } from '../ui/ErrorNotice';
import { localized } from '../ui/localized';
import { PageHeader } from '../ui/PageHeader';
import {
  useArticleDigest,
  useContentGaps,
  useFailingWebhooks,
  usePendingComments,
  WEBHOOKS_CHECKED,
} from './use-home';

const route = getRouteApi('/sites/$siteId/');

/** A router link that looks like the app's other links (underlined: axe's link-in-text rule). */
const ScreenLink = createLink(
  forwardRef<HTMLAnchorElement, ComponentPropsWithoutRef<'a'>>((props, ref) => (
    <Anchor underline="always" ref={ref} {...props} />
  )),
);

const when = (value: string) => value.slice(0, 16).replace('T', ' ');

/** What a panel shows while its request runs, when it failed, or when nothing waits. */
interface PanelState {
  isPending: boolean;
  error: unknown;
  /** The rows' count, or undefined while unknown. */
  count: number | undefined;
}

/** One panel of Home: a titled region with its count, its rows and a link to its screen. */
function Panel(props: {
  id: string;
  title: string;
  state: PanelState;
  empty: string;
  more: ReactNode;
  children: ReactNode;
}) {
  const { state } = props;
  const titleId = `home-${props.id}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h4" id={titleId}>
          {props.title}
        </Title>
        {state.count !== undefined && (
          <Badge variant="filled" color={state.count > 0 ? 'indigo.8' : 'gray.7'}>
            {state.count.toLocaleString()}
          </Badge>
        )}
      </Group>
      {state.error ? (
        <ErrorNotice error={state.error} />
      ) : state.isPending ? (
        <Text c="dimmed" size="sm">
          Loading…
        </Text>
      ) : state.count === 0 ? (
        <Text c="dimmed" size="sm">
          {props.empty}
        </Text>
      ) : (
        <Stack gap={6}>{props.children}</Stack>
      )}
      <Group mt="sm">{props.more}</Group>
    </Paper>
  );
}

type Filters = Parameters<typeof useArticleDigest>[1];

/** A panel of articles: the newest few matching `filters`, each linked to its editor. */
function ArticlesPanel(props: {
  site: SessionSite;
  id: string;
  title: string;
  filters: Filters;
  empty: string;
  more: ReactNode;
  detail: (a: Article) => string;
}) {
  const { site } = props;
  const digest = useArticleDigest(site.id, props.filters);
  const siteId = String(site.id);
  return (
    <Panel
      id={props.id}
      title={props.title}
      state={{ ...digest, count: digest.data?.meta.items_count }}
      empty={props.empty}
      more={props.more}
    >
      {(digest.data?.articles ?? []).map((a) => (
        <div key={a.id}>
          <ScreenLink
            to="/sites/$siteId/articles/$articleId"
            params={{ siteId, articleId: String(a.id) }}
          >
            {localized(a.title, site.default_language) || `Untitled (${a.id})`}
          </ScreenLink>
          <Text size="xs" c="dimmed">
            {props.detail(a)}
          </Text>
        </div>
      ))}
    </Panel>
  );
}

function CommentsPanel({ site }: { site: SessionSite }) {
  const pending = usePendingComments(site.id);
  const siteId = String(site.id);
  return (
    <Panel
      id="comments"
      title="Comments to moderate"
      state={{
        ...pending,
        count: pending.data?.meta.status_counts.pending ?? pending.data?.meta.items_count,
      }}
      empty="No comment waits for approval."
      more={
        <ScreenLink
          to="/sites/$siteId/moderation"
          params={{ siteId }}
          search={{ status: 'pending' }}
        >
          Open the comment queue
        </ScreenLink>
      }
    >
      {(pending.data?.comments ?? []).map((c) => (
        <div key={c.id}>
          <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {c.text}
          </Text>
          <Text size="xs" c="dimmed">
            {c.author.name} · {when(c.created_at)} · article {c.article_id}
          </Text>
        </div>
      ))}
    </Panel>
  );
}

function GapsPanel({ site }: { site: SessionSite }) {
  const gaps = useContentGaps(site.id);
  const rows = gaps.data?.content_gaps ?? [];
  const siteId = String(site.id);
  return (
    <Panel
      id="gaps"
      title="Content gaps"
      state={{ ...gaps, count: gaps.data ? rows.length : undefined }}
      empty="Every search of the last 7 days found something."
      more={
        <ScreenLink to="/sites/$siteId/analytics" params={{ siteId }}>
          Open analytics
        </ScreenLink>
      }
    >
      <Text size="xs" c="dimmed">
        Searches with no results, last 7 days
      </Text>
      {rows.map((g) => (
        <div key={g.query}>
          <Text size="sm" span style={{ overflowWrap: 'anywhere' }}>
            “{g.query}” · {g.searches.toLocaleString()} {g.searches === 1 ? 'search' : 'searches'}
          </Text>{' '}
          <ScreenLink
            to="/sites/$siteId/articles/new"
            params={{ siteId }}
            search={{ title: g.query }}
            aria-label={`Write this article: ${g.query}`}
          >
            Write this article
          </ScreenLink>
        </div>
      ))}
    </Panel>
  );
}

function WebhooksPanel({ site }: { site: SessionSite }) {
  const hooks = useFailingWebhooks(site.id);
  const siteId = String(site.id);
  return (
    <Panel
      id="webhooks"
      title="Failing webhooks"
      state={{ ...hooks, count: hooks.isPending ? undefined : hooks.failing.length }}
      empty={
        hooks.unchecked > 0
          ? `The first ${WEBHOOKS_CHECKED} webhooks deliver; ${hooks.unchecked} more are not checked here.`
          : 'Every webhook’s latest deliveries went through.'
      }
      more={
        <ScreenLink to="/sites/$siteId/webhooks" params={{ siteId }}>
          Open webhooks
        </ScreenLink>
      }
    >
      {hooks.failing.map((w) => (
        <div key={w.id}>
          <ScreenLink
            to="/sites/$siteId/webhooks"
            params={{ siteId }}
            search={{ log: w.id, status: w.lastStatus === 'dropped' ? 'dropped' : 'failed' }}
            style={{ overflowWrap: 'anywhere' }}
          >
            {w.url}
          </ScreenLink>
          <Text size="xs" c="dimmed">
            {w.failing} of its latest deliveries failed · last {w.lastStatus} {when(w.lastAt)}
          </Text>
        </div>
      ))}
    </Panel>
  );
}

/** Home (issue 39 item 8): a site's landing page, the work waiting for this person's role. */
export function HomeScreen() {
  return <Home site={route.useRouteContext().site} />;
}

export function Home({ site }: { site: SessionSite }) {
  const can = permissions(site);
  const siteId = String(site.id);
  const translated = site.languages.filter((l) => l !== site.default_language);
  const changed = (a: Article) =>
    `${a.published ? 'Published' : 'Draft'} · changed ${when(a.updated_at)}`;
  return (
    <>
      <PageHeader title={site.name} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ArticlesPanel
          site={site}
          id="recent"
          title="Changed lately"
          filters={{}}
          empty="No article yet."
          detail={changed}
          more={
            <ScreenLink to="/sites/$siteId/articles" params={{ siteId }}>
              All articles
            </ScreenLink>
          }
        />
        {can.editContent && (
          <ArticlesPanel
            site={site}
            id="drafts"
            title="Drafts"
            filters={{ status: 'draft' }}
            empty="No draft waits."
            detail={(a) => `Changed ${when(a.updated_at)}`}
            more={
              <ScreenLink
                to="/sites/$siteId/articles"
                params={{ siteId }}
                search={{ status: 'draft' }}
              >
                All drafts
              </ScreenLink>
            }
          />
        )}
        {can.editContent && (
          <ArticlesPanel
            site={site}
            id="staged"
            title="Staged edits waiting"
            filters={{ staged: '1' }}
            empty="No staged edit waits to be published."
            detail={(a) =>
              `${a.staged_locales.join(', ') || 'Article-wide'} · staged ${when(a.staged_updated_at ?? a.updated_at)}`
            }
            more={
              <ScreenLink to="/sites/$siteId/articles" params={{ siteId }}>
                All articles
              </ScreenLink>
            }
          />
        )}
        {can.editTranslations && translated.length > 0 && (
          <ArticlesPanel
            site={site}
            id="outdated"
            title="Outdated translations"
            filters={{ outdated: '1' }}
            empty="Every translation is up to date."
            detail={(a) => `Outdated: ${a.outdated_translations.join(', ')}`}
            more={
              <ScreenLink to="/sites/$siteId/translations" params={{ siteId }}>
                Open the translation queue
              </ScreenLink>
            }
          />
        )}
        {can.editContent && <CommentsPanel site={site} />}
        {can.editContent && <GapsPanel site={site} />}
        {can.manageTeam && <WebhooksPanel site={site} />}
      </SimpleGrid>
    </>
  );
}

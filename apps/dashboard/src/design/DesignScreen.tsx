import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowBackUp, IconExternalLink, IconRefresh } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import type { SessionSite } from '../api/contract';
import { permissions } from '../app/session';
import { ErrorNotice } from '../ui/ErrorNotice';
import { PageHeader } from '../ui/PageHeader';
import { CodePanel } from './CodePanel';
import { PublishDialog, StaleDraftDialog, VersionsPanel, when } from './DesignDialogs';
import { PagesPanel } from './PagesPanel';
import { BrandPanel, ColorsPanel, MetaPanel, TypographyPanel } from './StylePanels';
import { ThemeGallery } from './ThemeGallery';
import { useDraftSession } from './use-draft-session';
import {
  useCatalog,
  useDraft,
  usePreviewUrl,
  useThemes,
  useVersions,
  type PreviewPage,
} from './use-design';

const draftRoute = getRouteApi('/sites/$siteId/design/$draftId');
const customizerRoute = getRouteApi('/sites/$siteId/customizer');

/** `/app/sites/<id>/design/<draft id>`: the URL the design API hands out (`urls.customizer`). */
export function DesignDraftScreen() {
  const { site } = draftRoute.useRouteContext();
  const { draftId } = draftRoute.useParams();
  return <DesignEditor site={site} asked={Number(draftId)} />;
}

/** `/app/sites/<id>/customizer`: where `template_migration_required` sends people. */
export function CustomizerScreen() {
  const { site } = customizerRoute.useRouteContext();
  return <DesignEditor site={site} asked={null} />;
}

/**
 * The draft on the reader origin (a single-use hand-off URL per draft etag), in a sandboxed
 * frame: the reader site lets only this answer be framed, and only by the dashboard's origin.
 */
function DraftPreview({ siteId, etag, name }: { siteId: number; etag: string; name: string }) {
  const [page, setPage] = useState<PreviewPage>('home');
  const url = usePreviewUrl(siteId, page, etag);
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="draft-preview-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5" id="draft-preview-title">
          Draft preview
        </Title>
        <Group gap="xs">
          <Select
            aria-label="Page to preview"
            size="xs"
            w={140}
            data={[
              { value: 'home', label: 'Home' },
              { value: 'contact', label: 'Contact' },
              { value: 'notFound', label: 'Not found' },
            ]}
            value={page}
            allowDeselect={false}
            onChange={(x) => x && setPage(x as PreviewPage)}
          />
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => void url.refetch()}
          >
            Reload preview
          </Button>
        </Group>
      </Group>
      {url.isError && <ErrorNotice error={url.error} />}
      {url.data ? (
        <iframe
          key={url.data}
          src={url.data}
          title={`Draft preview of ${name}`}
          sandbox="allow-scripts allow-same-origin allow-forms"
          referrerPolicy="no-referrer"
          style={{ width: '100%', height: 640, border: 0, borderRadius: 4, background: '#fff' }}
        />
      ) : (
        <Loader role="status" size="sm" aria-label="Loading the preview" />
      )}
    </Paper>
  );
}

/**
 * The design editor (issue 39 item 1): the theme gallery, the draft's parts edited through the
 * design API's operations, the draft previewed by the reader site, undo within the session,
 * publish with a message, versions with restore, and the stale-draft dialog. Viewers and
 * Translators see no design (spec 5.2) and nothing is asked of the server for them.
 */
export function DesignEditor({ site, asked }: { site: SessionSite; asked: number | null }) {
  const allowed = permissions(site).design;
  const draft = useDraft(site.id, allowed);
  const themes = useThemes(site.id, allowed);
  const versions = useVersions(site.id, allowed);
  const catalog = useCatalog(site.id, allowed);
  const session = useDraftSession(site.id, draft.data);
  const [publishing, setPublishing] = useState(false);
  if (!allowed)
    return (
      <>
        <PageHeader title="Design" />
        <Alert color="gray" title="No access to the design" role="status">
          Your role on this site ({site.role}) does not include the design. Owners, Admins and
          Editors work on it.
        </Alert>
      </>
    );
  const d = draft.data;
  const t = d?.template;
  const last = session.steps[session.steps.length - 1];
  const stale = t && asked !== null && asked !== t.draft.id;
  return (
    <>
      <PageHeader title="Design">
        {t && (
          <>
            <Badge
              variant={t.draft.has_unpublished_changes ? 'dot' : 'default'}
              color={t.draft.has_unpublished_changes ? 'orange' : undefined}
              size="lg"
            >
              {t.draft.has_unpublished_changes ? 'Unpublished changes' : 'Same as live'}
            </Badge>
            <Button
              variant="default"
              leftSection={<IconArrowBackUp size={16} aria-hidden />}
              disabled={!last || session.busy || !!session.stale}
              onClick={() => void session.undo()}
              title={last ? `Undo: ${last.label}` : 'Nothing to undo in this session'}
            >
              {last ? `Undo: ${last.label}` : 'Undo'}
            </Button>
            <Button
              disabled={!t.draft.has_unpublished_changes || session.busy || !!session.stale}
              onClick={() => setPublishing(true)}
            >
              Publish…
            </Button>
            <Button
              component="a"
              variant="subtle"
              href={t.urls.live_site}
              target="_blank"
              rel="noopener noreferrer"
              rightSection={<IconExternalLink size={16} aria-hidden />}
            >
              Live help center
            </Button>
          </>
        )}
      </PageHeader>
      {draft.isError && <ErrorNotice error={draft.error} />}
      {stale && (
        <Alert color="yellow" title={`Draft ${asked} is no longer the draft`} role="status" mb="md">
          It was published or replaced; below is the current draft ({t.draft.id}).
        </Alert>
      )}
      {d && t && (
        <Grid>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Text size="sm" c="dimmed" mb="xs">
              Draft {t.draft.id}, updated{' '}
              <time dateTime={t.draft.updated_at}>{when(t.draft.updated_at)}</time>
              {t.published ? `; live: version ${t.published.id}` : ''}
            </Text>
            <Tabs defaultValue="themes" keepMounted={false}>
              <Tabs.List aria-label="Parts of the design">
                <Tabs.Tab value="themes">Themes</Tabs.Tab>
                <Tabs.Tab value="brand">Brand</Tabs.Tab>
                <Tabs.Tab value="colors">Colors</Tabs.Tab>
                <Tabs.Tab value="type">Typography</Tabs.Tab>
                <Tabs.Tab value="pages">Pages</Tabs.Tab>
                <Tabs.Tab value="code">CSS and scripts</Tabs.Tab>
                <Tabs.Tab value="versions">Versions</Tabs.Tab>
              </Tabs.List>
              <Stack pt="md">
                <Tabs.Panel value="themes">
                  {themes.data && <ThemeGallery themes={themes.data} session={session} />}
                </Tabs.Panel>
                <Tabs.Panel value="brand">
                  <BrandPanel key={d.etag} doc={d.document} session={session} />
                  <Title order={3} size="h5" mt="lg" mb="xs">
                    Search engines and sharing
                  </Title>
                  <MetaPanel key={`meta${d.etag}`} doc={d.document} session={session} />
                </Tabs.Panel>
                <Tabs.Panel value="colors">
                  <ColorsPanel doc={d.document} session={session} />
                </Tabs.Panel>
                <Tabs.Panel value="type">
                  {catalog.data && (
                    <TypographyPanel
                      key={d.etag}
                      doc={d.document}
                      session={session}
                      guide={catalog.data.theme}
                    />
                  )}
                </Tabs.Panel>
                <Tabs.Panel value="pages">
                  {catalog.data && (
                    <PagesPanel
                      doc={d.document}
                      session={session}
                      catalog={catalog.data.components}
                    />
                  )}
                </Tabs.Panel>
                <Tabs.Panel value="code">
                  <CodePanel doc={d.document} session={session} />
                </Tabs.Panel>
                <Tabs.Panel value="versions">
                  <VersionsPanel versions={versions} session={session} />
                </Tabs.Panel>
              </Stack>
            </Tabs>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <DraftPreview siteId={site.id} etag={d.etag} name={t.site.name} />
          </Grid.Col>
        </Grid>
      )}
      <PublishDialog session={session} opened={publishing} onClose={() => setPublishing(false)} />
      <StaleDraftDialog session={session} />
    </>
  );
}

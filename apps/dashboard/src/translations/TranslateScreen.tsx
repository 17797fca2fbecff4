import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { SessionSite } from '../api/contract';
import { editorApi, getArticle, uploadEditorImage } from '../articles/editor/api';
import { ConflictDialog } from '../articles/editor/ConflictDialog';
import { ContentEditor } from '../articles/editor/ContentEditor';
import { emptyLanguage, type LanguageFields } from '../articles/editor/fields';
import { ArticleSession, SAVE_TEXT, type SessionView } from '../articles/editor/session';
import { embedHosts } from '../articles/editor/urls';
import { permissions } from '../app/session';
import { NotFound } from '../ui/NotFound';
import { notifyDone, notifyError } from '../ui/notify';
import { alignRows, joinBlocks, splitBlocks } from './blocks';
import { useRelease } from './use-translations';

const route = getRouteApi('/sites/$siteId/translations/$articleId/$lang');

/**
 * The side-by-side workspace (issue 38 item 6): `/translations/<article>/<lang>`. A language
 * other than the site's default only (what a Translator may edit).
 */
export function TranslateScreen() {
  const { site } = route.useRouteContext();
  const { articleId, lang } = route.useParams();
  const [reloads, setReloads] = useState(0);
  const id = Number(articleId);
  if (!(Number.isInteger(id) && id > 0)) return <NotFound title="No such article" />;
  if (lang === site.default_language || !site.languages.includes(lang))
    return <NotFound title={`“${lang}” is not a language to translate into on this site`} />;
  return (
    <Workspace
      key={`${site.id}-${id}-${lang}-${reloads}`}
      site={site}
      articleId={id}
      lang={lang}
      onReload={() => setReloads((n) => n + 1)}
    />
  );
}

interface Rows {
  source: string[];
  /** The translation's blocks when opened (each row's editor starts from its own). */
  translation: string[];
}

/**
 * Source (the default language, read only) on the left, the translation on the right, block by
 * block; each translated block is the product's editor (its schema is the sanitizer's). Saving
 * is the editor's: drafts save after 5 s idle, staged copies where the plan stages, else Save.
 */
function Workspace(props: {
  site: SessionSite;
  articleId: number;
  lang: string;
  onReload: () => void;
}) {
  const { site, articleId, lang } = props;
  const source = site.default_language;
  const [view, setView] = useState<SessionView | null>(null);
  const [rows, setRows] = useState<Rows | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [released, setReleased] = useState<string[]>([]);
  const [active, setActive] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const sessionRef = useRef<ArticleSession | null>(null);
  /** The rows' current HTML (a keystroke changes one; the content is all of them joined). */
  const current = useRef<string[]>([]);
  const release = useRelease(site.id);

  useEffect(() => {
    const session = new ArticleSession({
      api: editorApi,
      defaultLanguage: source,
      languages: [source, lang],
      staging: site.staging,
      onChange: setView,
    });
    sessionRef.current = session;
    getArticle(articleId)
      .then(async (article) => {
        await session.open(article);
        const fields = session.view().fields;
        const hosts = embedHosts();
        const from = splitBlocks(fields[source]?.content ?? '', hosts);
        const translation = alignRows(from, splitBlocks(fields[lang]?.content ?? '', hosts));
        current.current = [...translation];
        setRows({ source: from, translation });
        setReleased(
          (article as { published_translations?: string[] }).published_translations ?? [],
        );
      })
      .catch((e: unknown) => setLoadError(e instanceof Error ? e.message : String(e)));
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (session.view().dirty) e.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      if (session.view().mode !== 'explicit') void session.flush().finally(() => session.dispose());
      else session.dispose();
    };
  }, []);

  if (loadError)
    return (
      <Alert color="red" title="The article could not be opened">
        {loadError}
      </Alert>
    );
  const session = sessionRef.current;
  if (!view || !rows || !session)
    return (
      <Center p="xl">
        <Loader role="status" aria-label="Loading the article" />
      </Center>
    );

  const fields = view.fields;
  const mine = fields[lang] ?? emptyLanguage();
  const change = (patch: Partial<LanguageFields>) =>
    session.change({ ...session.view().fields, [lang]: { ...mine, ...patch } });
  const changeRow = (i: number, html: string) => {
    current.current[i] = html;
    change({ content: joinBlocks(current.current) });
  };
  const may = permissions(site).editTranslations;
  const editable = may && view.save !== 'conflict';
  const isReleased = released.includes(lang);
  const translated = mine.title.trim() !== '';

  const doRelease = async () => {
    setBusy(true);
    try {
      if ((await session.flush()) !== 'saved') return;
      const answer = await release.mutateAsync({ id: articleId, lang });
      setReleased(answer.article.published_translations ?? []);
      notifyDone(`The ${lang} translation is released to readers.`);
    } catch (e) {
      notifyError(e as Error);
    } finally {
      setBusy(false);
    }
  };
  const save = async () => {
    setBusy(true);
    await session.flush().finally(() => setBusy(false));
  };

  const sourceTitle = fields[source]?.title || `Untitled (${articleId})`;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Translate “{sourceTitle}” into {lang}
          </Title>
          <Group gap="xs">
            <Badge
              variant={isReleased ? 'filled' : 'default'}
              color={isReleased ? 'teal.9' : undefined}
            >
              {isReleased ? 'Released' : 'Not released'}
            </Badge>
            <Text
              size="sm"
              c={view.save === 'error' || view.save === 'conflict' ? 'red' : 'dimmed'}
              aria-live="polite"
              data-testid="save-state"
            >
              {SAVE_TEXT[view.save]}
              {view.error ? `: ${view.error}` : ''}
            </Text>
          </Group>
        </Stack>
        <Group gap="xs">
          <Anchor
            renderRoot={(p) => (
              <Link
                {...p}
                to="/sites/$siteId/articles/$articleId"
                params={{ siteId: String(site.id), articleId: String(articleId) }}
              />
            )}
            size="sm"
          >
            Open in the editor
          </Anchor>
          {may && view.mode === 'explicit' && (
            <Button onClick={() => void save()} disabled={busy || !view.dirty}>
              Save
            </Button>
          )}
          {may && !isReleased && (
            <Button
              onClick={() => void doRelease()}
              loading={busy && release.isPending}
              disabled={busy || !translated}
              title={translated ? undefined : 'Give the translation a title first'}
            >
              Release {lang}
            </Button>
          )}
        </Group>
      </Group>
      {view.mode === 'staged' && (
        <Text size="sm" c="dimmed">
          This article is published: your changes are staged. Publish them from the editor.
        </Text>
      )}

      <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
        <Text fw={600} size="sm">
          Source ({source})
        </Text>
        <Text fw={600} size="sm">
          Translation ({lang})
        </Text>
        <Text size="sm" py={6} data-testid="source-title">
          {sourceTitle}
        </Text>
        <TextInput
          aria-label={`Title (${lang})`}
          placeholder={`Title in ${lang}`}
          value={mine.title}
          readOnly={!editable}
          onChange={(e) => change({ title: e.currentTarget.value })}
        />
        {rows.translation.map((html, i) => (
          <Row
            key={i}
            index={i}
            source={rows.source[i]}
            html={html}
            lang={lang}
            sourceLang={source}
            editable={editable}
            active={active === i}
            onFocus={() => setActive(i)}
            onChange={(out) => changeRow(i, out)}
          />
        ))}
      </SimpleGrid>
      {view.conflict && (
        <ConflictDialog
          conflict={view.conflict}
          busy={busy}
          onChoose={(choice) =>
            void session.resolve(choice).then(() => choice === 'theirs' && props.onReload())
          }
        />
      )}
    </Stack>
  );
}

const noop = () => undefined;

function Row(props: {
  index: number;
  source: string | undefined;
  html: string;
  lang: string;
  sourceLang: string;
  editable: boolean;
  active: boolean;
  onFocus: () => void;
  onChange: (html: string) => void;
}) {
  const n = props.index + 1;
  return (
    <>
      <Box data-testid="source-block">
        {props.source !== undefined && (
          <ContentEditor
            html={props.source}
            editable={false}
            embedHosts={embedHosts()}
            label={`Source block ${n} (${props.sourceLang})`}
            onChange={noop}
            uploadImage={uploadEditorImage}
            onError={noop}
          />
        )}
      </Box>
      <Box data-testid="translation-block" onFocusCapture={props.onFocus}>
        <ContentEditor
          html={props.html}
          editable={props.editable}
          toolbar={props.active}
          embedHosts={embedHosts()}
          label={`Block ${n} (${props.lang})`}
          onChange={props.onChange}
          uploadImage={uploadEditorImage}
          onError={(message) => notifyError({ message })}
        />
      </Box>
    </>
  );
}

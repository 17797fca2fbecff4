// The editor's entry (issue 37 item 4): default export, props { site, articleId } (articleId
// null: a new article); loaded lazily by ../EditorRoute.tsx, so the first load stays small.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Button,
  Center,
  Drawer,
  Group,
  Loader,
  Stack,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { SessionSite } from '../../api/contract';
import { permissions } from '../../app/session';
import { HistoryPanel } from '../history/HistoryPanel';
import { ReviewControls } from '../../review/ReviewControls';
import { editorApi, getArticle, previewUrl, uploadEditorImage } from './api';
import { ConflictDialog } from './ConflictDialog';
import { ContentEditor } from './ContentEditor';
import type { NoteAnchor } from './notes/anchor';
import { NewNoteDialog, NotesPanel } from './notes/NotesPanel';
import { useNoteActions } from './notes/use-notes';
import { emptyLanguage, type ArticleFields, type LanguageFields } from './fields';
import { ArticleSession, SAVE_TEXT, type EditorArticle, type SessionView } from './session';
import { embedHosts } from './urls';

export interface ArticleEditorProps {
  site: SessionSite;
  articleId: number | null;
  /** A new article's first title (analytics' "Write this article"). */
  title?: string;
}

/**
 * Keeps one editor while a new article gets its id (the URL changes from /new to /<id>, the
 * person keeps typing); opening another article starts a fresh one.
 */
export default function ArticleEditor({ site, articleId, title }: ArticleEditorProps) {
  const created = useRef<number | null>(null);
  const [instance, setInstance] = useState({ key: 0, id: articleId });
  const [reloads, setReloads] = useState(0);
  if (articleId !== instance.id && !(articleId !== null && articleId === created.current)) {
    created.current = null;
    setInstance({ key: instance.key + 1, id: articleId });
  }
  return (
    <EditorScreen
      key={`${instance.key}-${reloads}`}
      site={site}
      articleId={instance.id ?? created.current}
      title={instance.id === null ? title : undefined}
      onCreated={(id) => (created.current = id)}
      onReload={() => setReloads((n) => n + 1)}
    />
  );
}

function EditorScreen(props: {
  site: SessionSite;
  articleId: number | null;
  title?: string;
  onCreated: (id: number) => void;
  onReload: () => void;
}) {
  const { site, articleId } = props;
  const navigate = useNavigate();
  const queries = useQueryClient();
  const may = permissions(site);
  const languages = [
    site.default_language,
    ...site.languages.filter((l) => l !== site.default_language),
  ];
  const [view, setView] = useState<SessionView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [lang, setLang] = useState<string>(site.default_language);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [notesOpen, setNotesOpen] = useState(false);
  const [noteAsk, setNoteAsk] = useState<{
    anchor: NoteAnchor;
    lang: string;
    answer: (markId: string | null) => void;
  } | null>(null);
  const noteActions = useNoteActions(site.id, articleId ?? 0);
  const [busy, setBusy] = useState(false);
  const sessionRef = useRef<ArticleSession | null>(null);
  const createdId = useRef<number | null>(articleId);

  useEffect(() => {
    const session = new ArticleSession({
      api: editorApi,
      defaultLanguage: site.default_language,
      languages,
      staging: site.staging,
      onChange: (v) => {
        setView(v);
        const id = v.article?.id;
        if (id && createdId.current === null) {
          createdId.current = id;
          props.onCreated(id);
          void queries.invalidateQueries({ queryKey: ['articles'] });
          void navigate({
            to: '/sites/$siteId/articles/$articleId',
            params: { siteId: String(site.id), articleId: String(id) },
            replace: true,
          });
        }
      },
    });
    sessionRef.current = session;
    if (articleId === null) {
      // Typed for the person: the article is created with this title as if they had typed it.
      if (props.title && may.editContent)
        session.change({
          ...session.view().fields,
          [site.default_language]: { ...emptyLanguage(), title: props.title },
        });
      setView(session.view());
    } else
      getArticle(articleId)
        .then((article) => session.open(article))
        .catch((e: unknown) => setLoadError(e instanceof Error ? e.message : String(e)));
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (session.view().dirty) e.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      // Leaving the screen: whatever is unsaved is written now (drafts and staged copies).
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
  if (!view)
    return (
      <Center p="xl">
        <Loader role="status" aria-label="Loading the article" />
      </Center>
    );
  const session = sessionRef.current as ArticleSession;
  const article = view.article;
  const canEdit = (l: string) =>
    l === site.default_language ? may.editContent : may.editTranslations;

  const update = (l: string, patch: Partial<LanguageFields>) => {
    const fields: ArticleFields = {
      ...view.fields,
      [l]: { ...(view.fields[l] ?? emptyLanguage()), ...patch },
    };
    session.change(fields);
  };

  const act = async (what: () => Promise<void>, done?: string) => {
    setBusy(true);
    try {
      await what();
      if (done && !session.view().conflict) notifications.show({ message: done });
      void queries.invalidateQueries({ queryKey: ['articles'] });
    } catch (e) {
      notifications.show({
        color: 'red',
        title: 'That did not work',
        message: e instanceof Error ? e.message : String(e),
      });
    } finally {
      setBusy(false);
    }
  };

  const preview = () =>
    act(async () => {
      await session.flush();
      if (!article) return;
      const copy =
        view.mode === 'staged' && session.view().article?.has_staged_changes ? 'staged' : 'live';
      const url = await previewUrl(article.id, lang, copy);
      window.open(url, '_blank', 'noopener');
    });

  /** Team notes (issue 38): saved work first, so the server finds the selection as stored. */
  const requestNote = (l: string) => async (anchor: NoteAnchor) => {
    if (view.mode === 'explicit' && session.view().dirty) {
      notifications.show({ color: 'red', message: 'Save your changes before adding a note.' });
      return null;
    }
    if ((await session.flush()) !== 'saved') return null;
    noteActions.start.reset();
    return new Promise<string | null>((answer) => setNoteAsk({ anchor, lang: l, answer }));
  };
  const closeNoteAsk = (markId: string | null) => {
    noteAsk?.answer(markId);
    setNoteAsk(null);
  };

  const title =
    view.fields[site.default_language]?.title || view.fields[lang]?.title || 'New article';
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Group gap="xs">
            <StatusBadge article={article} />
            <Text
              size="sm"
              c={view.save === 'error' || view.save === 'conflict' ? 'red' : 'dimmed'}
              aria-live="polite"
              data-testid="save-state"
            >
              {article || view.save !== 'saved'
                ? SAVE_TEXT[view.save]
                : 'Give the article a title to create it'}
              {view.error ? `: ${view.error}` : ''}
            </Text>
          </Group>
        </Stack>
        {article && (
          <Group gap="xs">
            <Button variant="default" onClick={() => void preview()} disabled={busy}>
              Preview
            </Button>
            <Button variant="default" onClick={() => setHistoryOpen(true)}>
              History
            </Button>
            {may.notes && (
              <Button variant="default" onClick={() => setNotesOpen(true)}>
                Team notes
              </Button>
            )}
            <ReviewControls
              site={site}
              articleId={article.id}
              hasChanges={
                may.editTranslations && (Boolean(article.has_staged_changes) || !article.published)
              }
            />
            {may.editTranslations && view.mode === 'explicit' && (
              <Button
                onClick={() => void act(async () => void (await session.flush()), 'Saved')}
                disabled={busy || !view.dirty}
              >
                Save
              </Button>
            )}
            {may.editTranslations && view.mode === 'staged' && article.has_staged_changes && (
              <>
                <Button
                  variant="default"
                  color="red"
                  onClick={() =>
                    void act(() => session.discardStaged(), 'Staged changes discarded')
                  }
                  disabled={busy}
                >
                  Discard changes
                </Button>
                <Button
                  onClick={() => void act(() => session.publishStaged(), 'Changes published')}
                  disabled={busy}
                >
                  Publish changes
                </Button>
              </>
            )}
            {may.editContent && article.published && (
              <Button
                variant="default"
                onClick={() => void act(() => session.setPublished(false), 'Unpublished')}
                disabled={busy}
              >
                Unpublish
              </Button>
            )}
            {may.editContent && !article.published && (
              <Button
                onClick={() => void act(() => session.setPublished(true), 'Published')}
                disabled={busy}
              >
                Publish
              </Button>
            )}
          </Group>
        )}
      </Group>

      <Tabs value={lang} onChange={(v) => v && setLang(v)} keepMounted>
        <Tabs.List>
          {languages.map((l) => (
            <Tabs.Tab key={l} value={l}>
              {l}
              {l === site.default_language ? ' (default)' : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {languages.map((l) => {
          const f = view.fields[l] ?? emptyLanguage();
          const editable = canEdit(l) && view.save !== 'conflict';
          return (
            <Tabs.Panel key={l} value={l} pt="md">
              <Stack gap="sm">
                <TextInput
                  label="Title"
                  value={f.title}
                  readOnly={!editable}
                  onChange={(e) => update(l, { title: e.currentTarget.value })}
                  data-autofocus={l === site.default_language}
                />
                <TextInput
                  label="Slug"
                  description="Left empty, it is made from the title."
                  value={f.slug}
                  readOnly={!editable}
                  onChange={(e) => update(l, { slug: e.currentTarget.value })}
                />
                <Text component="label" size="sm" fw={500}>
                  Content
                </Text>
                <ContentEditor
                  html={f.content}
                  editable={editable}
                  embedHosts={embedHosts()}
                  label={`Content (${l})`}
                  onChange={(html) => update(l, { content: html })}
                  uploadImage={uploadEditorImage}
                  onError={(message) =>
                    notifications.show({ color: 'red', title: 'That did not work', message })
                  }
                  onNoteRequest={article && may.writeNotes ? requestNote(l) : undefined}
                  onStoredChange={(html) => session.absorb(l, html)}
                />
                <TextInput
                  label="SEO title"
                  maxLength={60}
                  description={`${f.metaTitle.length}/60`}
                  value={f.metaTitle}
                  readOnly={!editable}
                  onChange={(e) => update(l, { metaTitle: e.currentTarget.value })}
                />
                <Textarea
                  label="SEO description"
                  maxLength={160}
                  description={`${f.metaDescription.length}/160`}
                  value={f.metaDescription}
                  readOnly={!editable}
                  autosize
                  onChange={(e) => update(l, { metaDescription: e.currentTarget.value })}
                />
              </Stack>
            </Tabs.Panel>
          );
        })}
      </Tabs>

      {view.conflict && (
        <ConflictDialog
          conflict={view.conflict}
          busy={busy}
          onChoose={(choice) =>
            void act(async () => {
              await session.resolve(choice);
              // Their version replaces what the editors show: open it afresh.
              if (choice === 'theirs') props.onReload();
            })
          }
        />
      )}
      {article && may.notes && (
        <Drawer
          opened={notesOpen}
          onClose={() => setNotesOpen(false)}
          position="right"
          size="md"
          title={`Team notes (${lang})`}
          closeButtonProps={{ 'aria-label': 'Close the team notes' }}
        >
          <NotesPanel
            siteId={site.id}
            articleId={article.id}
            lang={lang}
            canWrite={may.writeNotes}
          />
        </Drawer>
      )}
      <NewNoteDialog
        key={noteAsk ? `${noteAsk.anchor.from}-${noteAsk.anchor.to}` : 'closed'}
        quote={noteAsk?.anchor.quote ?? null}
        busy={noteActions.start.isPending}
        error={noteActions.start.error}
        onClose={() => closeNoteAsk(null)}
        onSubmit={(text) => {
          if (!noteAsk || !article) return;
          const { quote, occurrence } = noteAsk.anchor;
          noteActions.start.mutate(
            { id: article.id, lang: noteAsk.lang, quote, occurrence, text },
            {
              onSuccess: (answer) => {
                closeNoteAsk(answer.note.anchor.mark_id);
                setNotesOpen(true);
              },
            },
          );
        }}
      />
      {article && (
        <Drawer
          opened={historyOpen}
          onClose={() => setHistoryOpen(false)}
          position="right"
          size="xl"
          title="History"
        >
          <HistoryPanel
            articleId={article.id}
            lang={lang}
            canRestore={canEdit(lang)}
            hasStaged={Boolean(article.has_staged_changes)}
            onRestored={() => {
              setHistoryOpen(false);
              props.onReload();
            }}
          />
        </Drawer>
      )}
    </Stack>
  );
}

function StatusBadge({ article }: { article: EditorArticle | null }) {
  // The list's badges: colors whose text meets WCAG AA contrast in light and dark.
  if (!article) return <Badge variant="default">Not created yet</Badge>;
  return (
    <Group gap={4}>
      <Badge
        variant={article.published ? 'filled' : 'default'}
        color={article.published ? 'teal.9' : undefined}
      >
        {article.published ? 'Published' : 'Draft'}
      </Badge>
      {article.has_staged_changes && (
        <Badge variant="outline" color="orange.9">
          Staged changes
        </Badge>
      )}
    </Group>
  );
}

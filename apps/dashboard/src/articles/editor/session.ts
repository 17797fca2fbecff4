/**
 * Where a person's edits go, and what happens when someone else wrote first (issue 37 item 4,
 * spec 3.1 and 3.2). One object per open article, independent of React:
 *
 * - `new`: nothing is written until a title is non-blank; then the article is created once
 *   (a draft, `article.created`) and the editor carries on as `draft`.
 * - `draft`: saves by themselves after 5 s of idle typing, only when something changed, each a
 *   PATCH carrying `base_revision`; a 409 `revision_conflict` stops saving and shows both versions.
 * - `staged`: a published article on a plan with staging: saves by themselves to the staged
 *   copy of each changed language, with its `etag`; the live article is untouched until
 *   "Publish changes" (409 `BASE_CHANGED` shows live and staged and lets the person choose).
 * - `explicit`: a published article without staging: nothing is saved until "Save" (a PATCH with
 *   `base_revision`, live at once).
 */
import { IdleSaver, type SaveOutcome, type SaveState } from './autosave';
import {
  emptyLanguage,
  fieldsOf,
  isEmptyPatch,
  patchOf,
  stagedPatchOf,
  changedLanguages,
  type ArticleFields,
  type ArticleLike,
  type ArticlePatch,
} from './fields';

export const IDLE_SAVE_MS = 5000;
/** A new article is created this long after its title became non-blank (or at once on leave). */
export const CREATE_AFTER_MS = 800;

export interface EditorArticle extends ArticleLike {
  id: number;
  published: boolean;
  revision?: number;
  has_staged_changes?: boolean;
  staged_locales?: string[];
  published_translations?: string[];
}

export interface StagedCopy {
  locale: string;
  fields: { title?: string; content?: string; slug?: string } | unknown[];
  shared?: { metadata?: ArticleLike['metadata'] } | unknown[];
  etag: string;
}

/** What the session needs from the API (the typed client behind it, see api.ts). */
export interface EditorApi {
  create(body: ArticlePatch): Promise<EditorArticle>;
  update(
    id: number,
    body: ArticlePatch & { published?: boolean },
    baseRevision: number | undefined,
  ): Promise<{ ok: true; article: EditorArticle } | { ok: false; current: EditorArticle }>;
  stage(
    id: number,
    body: Record<string, unknown>,
  ): Promise<{ ok: true; staged: StagedCopy | null } | { ok: false; etag: string | null }>;
  staged(id: number): Promise<StagedCopy[]>;
  publishStaged(
    id: number,
    force: boolean,
  ): Promise<{ ok: true; article: EditorArticle } | { ok: false; baseChanged: true }>;
  discardStaged(id: number): Promise<EditorArticle>;
}

export type Mode = 'new' | 'draft' | 'staged' | 'explicit';

export interface Conflict {
  kind: 'revision' | 'staged' | 'base_changed';
  /** What this person has. */
  mine: ArticleFields;
  /** What is stored now (the other save, or the live article for BASE_CHANGED). */
  theirs: ArticleFields;
  /** Languages that differ. */
  languages: string[];
}

export interface SessionView {
  mode: Mode;
  article: EditorArticle | null;
  fields: ArticleFields;
  save: SaveState;
  dirty: boolean;
  conflict: Conflict | null;
  error: string | null;
}

export interface SessionOptions {
  api: EditorApi;
  defaultLanguage: string;
  languages: readonly string[];
  /** The site's plan includes staging (session bootstrap `sites[].staging`). */
  staging: boolean;
  onChange?: (view: SessionView) => void;
}

const same = (a: ArticleFields, b: ArticleFields) =>
  changedLanguages(a, b).length === 0 && changedLanguages(b, a).length === 0;

function blankFields(languages: readonly string[]): ArticleFields {
  return Object.fromEntries(languages.map((l) => [l, emptyLanguage()]));
}

function withStaged(live: ArticleFields, copies: StagedCopy[]): ArticleFields {
  const out: ArticleFields = structuredClone(live);
  for (const copy of copies) {
    const f = Array.isArray(copy.fields) ? {} : copy.fields;
    const target = (out[copy.locale] ??= emptyLanguage());
    if (f.title !== undefined) target.title = f.title ?? '';
    if (f.content !== undefined) target.content = f.content ?? '';
    if (f.slug !== undefined) target.slug = f.slug ?? '';
    const meta = Array.isArray(copy.shared) ? undefined : copy.shared?.metadata;
    if (meta) {
      const staged = fieldsOf({ metadata: meta }, [copy.locale])[copy.locale];
      if (staged?.metaTitle) target.metaTitle = staged.metaTitle;
      if (staged?.metaDescription) target.metaDescription = staged.metaDescription;
    }
  }
  return out;
}

/** What the save state says to the person (the editor and the translation workspace). */
export const SAVE_TEXT: Record<SessionView['save'], string> = {
  saved: 'All changes saved',
  pending: 'Unsaved changes',
  saving: 'Saving…',
  conflict: 'Someone else saved: choose a version',
  error: 'Not saved yet',
};

export class ArticleSession {
  private article: EditorArticle | null = null;
  private saved: ArticleFields;
  private current: ArticleFields;
  private live: ArticleFields;
  private etags = new Map<string, string>();
  private saver: IdleSaver<ArticleFields> | null = null;
  private createTimer: ReturnType<typeof setTimeout> | null = null;
  private creating: Promise<void> | null = null;
  private mode: Mode = 'new';
  private conflict: Conflict | null = null;
  private error: string | null = null;
  private saveState: SaveState = 'saved';

  constructor(private readonly options: SessionOptions) {
    this.saved = blankFields(options.languages);
    this.current = structuredClone(this.saved);
    this.live = this.saved;
  }

  /** Opens an existing article (reading it never writes it). */
  async open(article: EditorArticle): Promise<void> {
    const languages = [
      ...new Set([
        ...this.options.languages,
        ...Object.keys(fieldsOf(article, this.options.languages)),
      ]),
    ];
    this.live = fieldsOf(article, languages);
    this.article = article;
    this.mode = this.modeFor(article);
    let fields = this.live;
    if (this.mode === 'staged' && article.has_staged_changes) {
      const copies = await this.options.api.staged(article.id);
      for (const c of copies) this.etags.set(c.locale, c.etag);
      fields = withStaged(this.live, copies);
    }
    this.saved = fields;
    this.current = structuredClone(fields);
    this.startSaver();
    this.emit();
  }

  view(): SessionView {
    return {
      mode: this.mode,
      article: this.article,
      fields: this.current,
      save: this.saveState,
      dirty: !same(this.saved, this.current),
      conflict: this.conflict,
      error: this.error,
    };
  }

  /** The person changed the fields (every keystroke; cheap). */
  change(fields: ArticleFields): void {
    this.current = fields;
    if (this.mode === 'new') this.scheduleCreate();
    else this.saver?.change(fields);
    this.emit();
  }

  /** Saves whatever is unsaved now (before publish, preview, leaving; the explicit Save). */
  async flush(): Promise<SaveState> {
    if (this.mode === 'new') {
      if (this.createTimer) clearTimeout(this.createTimer);
      this.createTimer = null;
      if (this.hasTitle()) await this.create();
      else if (this.creating) await this.creating;
      return this.saveState;
    }
    if (!this.saver) return this.saveState;
    return this.saver.flush();
  }

  /** Draft → published, published → draft (spec 3.1); unsaved edits are saved first. */
  async setPublished(published: boolean): Promise<void> {
    const state = await this.flush();
    if (state === 'conflict' || !this.article) return;
    const answer = await this.options.api.update(
      this.article.id,
      { published },
      this.article.revision,
    );
    if (!answer.ok) return this.revisionConflict(answer.current, this.current);
    this.afterWrite(answer.article);
  }

  /** Staged mode: publish the staged copy (force after the person chose to, on BASE_CHANGED). */
  async publishStaged(force = false): Promise<void> {
    const state = await this.flush();
    if (state === 'conflict' || !this.article) return;
    const answer = await this.options.api.publishStaged(this.article.id, force);
    if (!answer.ok) {
      this.conflict = {
        kind: 'base_changed',
        mine: this.current,
        theirs: this.live,
        languages: changedLanguages(this.live, this.current),
      };
      this.emit();
      return;
    }
    this.etags.clear();
    this.afterWrite(answer.article);
  }

  /** Staged mode: drop the staged copy, back to the live article. */
  async discardStaged(): Promise<void> {
    if (!this.article) return;
    this.saver?.stop();
    const article = await this.options.api.discardStaged(this.article.id);
    this.etags.clear();
    this.conflict = null;
    this.afterWrite(article);
  }

  /** The person's choice in the conflict dialog. Nothing is overwritten without it. */
  async resolve(choice: 'mine' | 'theirs'): Promise<void> {
    const conflict = this.conflict;
    if (!conflict) return;
    this.conflict = null;
    if (conflict.kind === 'base_changed') {
      if (choice === 'mine') await this.publishStaged(true);
      else await this.discardStaged();
      return;
    }
    // theirs becomes the base; mine (with whatever was typed meanwhile) is written only when chosen
    this.saved = conflict.theirs;
    this.current = choice === 'mine' ? this.current : structuredClone(conflict.theirs);
    this.setSave('saved');
    this.saver?.reset(this.saved, this.current);
    if (choice === 'mine' && this.mode === 'explicit') await this.flush();
    this.emit();
  }

  /**
   * The server already stored this language's content as `content` (a team-note highlight it
   * wrote, issue 38): the editor shows it without a save. Unsaved edits of the language stay
   * unsaved (their next save carries the highlight).
   */
  absorb(lang: string, content: string): void {
    const clean = (this.saved[lang]?.content ?? '') === (this.current[lang]?.content ?? '');
    const withContent = (f: ArticleFields) => ({
      ...f,
      [lang]: { ...(f[lang] ?? emptyLanguage()), content },
    });
    this.current = withContent(this.current);
    if (clean) this.saved = withContent(this.saved);
    this.saver?.reset(this.saved, this.current);
    this.emit();
  }

  dispose(): void {
    if (this.createTimer) clearTimeout(this.createTimer);
    this.saver?.stop();
  }

  private modeFor(article: EditorArticle): Mode {
    if (!article.published) return 'draft';
    return this.options.staging ? 'staged' : 'explicit';
  }

  private hasTitle(): boolean {
    return Object.values(this.current).some((f) => f.title.trim() !== '');
  }

  private scheduleCreate(): void {
    if (this.createTimer) clearTimeout(this.createTimer);
    this.createTimer = null;
    if (!this.hasTitle() || this.creating) return;
    this.setSave('pending');
    this.createTimer = setTimeout(() => {
      this.createTimer = null;
      void this.create();
    }, CREATE_AFTER_MS);
  }

  private create(): Promise<void> {
    if (this.creating) return this.creating;
    const snapshot = structuredClone(this.current);
    // Only languages with a title are sent (a create needs a title in every language sent).
    const titled = Object.fromEntries(
      Object.entries(snapshot).filter(([, f]) => f.title.trim() !== ''),
    );
    const blank = blankFields(Object.keys(titled));
    this.setSave('saving');
    this.creating = this.options.api
      .create(patchOf(blank, titled))
      .then((article) => {
        this.article = article;
        this.mode = 'draft';
        this.live = { ...blankFields(Object.keys(snapshot)), ...titled };
        this.saved = this.live;
        this.setSave('saved');
        this.error = null;
        this.startSaver();
        this.saver?.change(this.current);
      })
      .catch((e: unknown) => {
        this.setSave('error');
        this.error = e instanceof Error ? e.message : String(e);
      })
      .finally(() => {
        this.creating = null;
        this.emit();
      });
    return this.creating;
  }

  private startSaver(): void {
    this.saver?.stop();
    this.saver = new IdleSaver<ArticleFields>(this.saved, this.current, {
      delayMs: this.mode === 'explicit' ? null : IDLE_SAVE_MS,
      same,
      save: (snapshot) => this.write(snapshot),
      onState: (state, error) => {
        this.setSave(state);
        this.error =
          state === 'error' ? (error instanceof Error ? error.message : String(error)) : null;
        this.emit();
      },
    });
  }

  /** One save of the snapshot to wherever this mode saves. */
  private async write(snapshot: ArticleFields): Promise<SaveOutcome<ArticleFields>> {
    const article = this.article;
    if (!article) return { kind: 'saved', saved: snapshot };
    if (this.mode === 'staged') return this.writeStaged(article, snapshot);
    const patch = patchOf(this.saved, snapshot);
    if (isEmptyPatch(patch)) return { kind: 'saved', saved: snapshot };
    const answer = await this.options.api.update(article.id, patch, article.revision);
    if (!answer.ok) {
      this.revisionConflict(answer.current, snapshot);
      return { kind: 'conflict' };
    }
    this.article = answer.article;
    this.live = snapshot;
    this.saved = snapshot;
    return { kind: 'saved', saved: snapshot };
  }

  private async writeStaged(
    article: EditorArticle,
    snapshot: ArticleFields,
  ): Promise<SaveOutcome<ArticleFields>> {
    for (const lang of changedLanguages(this.saved, snapshot)) {
      const body = stagedPatchOf(lang, this.saved, snapshot);
      if (!body) continue;
      const etag = this.etags.get(lang);
      const answer = await this.options.api.stage(article.id, etag ? { ...body, etag } : body);
      if (!answer.ok) {
        const copies = await this.options.api.staged(article.id);
        for (const c of copies) this.etags.set(c.locale, c.etag);
        this.conflict = {
          kind: 'staged',
          mine: snapshot,
          theirs: withStaged(this.live, copies),
          languages: changedLanguages(withStaged(this.live, copies), snapshot),
        };
        this.emit();
        return { kind: 'conflict' };
      }
      if (answer.staged) this.etags.set(lang, answer.staged.etag);
      else this.etags.delete(lang);
      this.saved = { ...this.saved, [lang]: structuredClone(snapshot[lang] ?? emptyLanguage()) };
    }
    this.article = {
      ...article,
      has_staged_changes: this.etags.size > 0,
      staged_locales: [...this.etags.keys()],
    };
    return { kind: 'saved', saved: snapshot };
  }

  private revisionConflict(current: EditorArticle, mine: ArticleFields): void {
    this.article = { ...(this.article as EditorArticle), ...current };
    const theirs = fieldsOf(current, Object.keys(mine));
    this.live = theirs;
    this.conflict = { kind: 'revision', mine, theirs, languages: changedLanguages(theirs, mine) };
    this.setSave('conflict');
    this.emit();
  }

  private afterWrite(article: EditorArticle): void {
    const languages = Object.keys(this.current);
    this.article = article;
    this.mode = this.modeFor(article);
    this.live = fieldsOf(article, languages);
    this.saved = this.live;
    this.current = structuredClone(this.live);
    this.setSave('saved');
    this.startSaver();
    this.emit();
  }

  private setSave(state: SaveState): void {
    this.saveState = state;
  }

  private emit(): void {
    this.options.onChange?.(this.view());
  }
}

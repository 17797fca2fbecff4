import {
  ArticleSession,
  CREATE_AFTER_MS,
  IDLE_SAVE_MS,
  type EditorApi,
  type EditorArticle,
  type StagedCopy,
} from './session';
import type { ArticleFields } from './fields';

/** Lets pending promise callbacks run (the fake timers leave microtasks alone). */
const settle = async () => {
  for (let i = 0; i < 50; i++) await Promise.resolve();
};

function fakeApi(start?: EditorArticle) {
  const calls: { op: string; args: unknown[] }[] = [];
  let stored: EditorArticle | undefined = start && structuredClone(start);
  let staged: StagedCopy[] = [];
  let liveChangedSinceStaging = false;
  const api: EditorApi = {
    async create(body) {
      calls.push({ op: 'create', args: [body] });
      stored = {
        id: 7,
        published: false,
        revision: 1,
        title: body.title,
        content: body.content ?? {},
      };
      return structuredClone(stored);
    },
    async update(id, body, base) {
      calls.push({ op: 'update', args: [id, body, base] });
      if (!stored) throw new Error('no article');
      if (base !== stored.revision) return { ok: false, current: structuredClone(stored) };
      const merge = (a: unknown, b?: Record<string, string>) => ({
        ...(a as Record<string, string>),
        ...b,
      });
      stored = {
        ...stored,
        title: merge(stored.title, body.title),
        content: merge(stored.content, body.content),
        published: body.published ?? stored.published,
        revision: (stored.revision ?? 0) + 1,
      };
      return { ok: true, article: structuredClone(stored) };
    },
    async stage(id, body) {
      calls.push({ op: 'stage', args: [id, body] });
      const copy = staged.find((c) => c.locale === body.locale);
      if (copy && body.etag !== undefined && body.etag !== copy.etag)
        return { ok: false, etag: copy.etag };
      const fields: Record<string, string> = { ...(copy?.fields as Record<string, string>) };
      if (typeof body.title === 'string') fields.title = body.title;
      if (typeof body.content === 'string') fields.content = body.content;
      const next: StagedCopy = { locale: String(body.locale), fields, etag: `e${calls.length}` };
      staged = [...staged.filter((c) => c.locale !== body.locale), next];
      return { ok: true, staged: next };
    },
    async staged() {
      return structuredClone(staged);
    },
    async publishStaged(id, force) {
      calls.push({ op: 'publishStaged', args: [id, force] });
      if (liveChangedSinceStaging && !force) return { ok: false, baseChanged: true };
      return { ok: true, article: structuredClone(stored as EditorArticle) };
    },
    async discardStaged(id) {
      calls.push({ op: 'discard', args: [id] });
      staged = [];
      return structuredClone(stored as EditorArticle);
    },
  };
  return {
    api,
    calls,
    ops: () => calls.map((c) => c.op),
    otherPersonSaves(content: string) {
      stored = {
        ...(stored as EditorArticle),
        content: { en: content },
        revision: (stored?.revision ?? 0) + 1,
      };
    },
    otherPersonStages(content: string) {
      staged = staged.map((c) => ({
        ...c,
        fields: { ...(c.fields as object), content },
        etag: 'theirs',
      }));
    },
    liveChanged() {
      liveChangedSinceStaging = true;
    },
  };
}

const ARTICLE: EditorArticle = {
  id: 7,
  published: false,
  revision: 4,
  title: { en: 'Hello' },
  content: { en: '<p>Body</p>' },
};

function edit(session: ArticleSession, lang: string, patch: Partial<ArticleFields[string]>) {
  const fields = structuredClone(session.view().fields);
  fields[lang] = { ...(fields[lang] as ArticleFields[string]), ...patch };
  session.change(fields);
}

describe('the editor never loses work (issue 37 item 4)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('a new article is created once, when its title is non-blank; blank titles write nothing', async () => {
    const fake = fakeApi();
    const session = new ArticleSession({
      api: fake.api,
      defaultLanguage: 'en',
      languages: ['en', 'de'],
      staging: false,
    });
    edit(session, 'en', { content: '<p>typed before a title</p>' });
    edit(session, 'en', { title: '   ' });
    jest.advanceTimersByTime(60_000);
    await settle();
    expect(fake.ops()).toEqual([]);
    edit(session, 'en', { title: 'How to' });
    jest.advanceTimersByTime(CREATE_AFTER_MS);
    await settle();
    expect(fake.calls[0]).toEqual({
      op: 'create',
      args: [{ title: { en: 'How to' }, content: { en: '<p>typed before a title</p>' } }],
    });
    expect(session.view().mode).toBe('draft');
    edit(session, 'en', { title: 'How to reset' });
    jest.advanceTimersByTime(IDLE_SAVE_MS);
    await settle();
    expect(fake.ops()).toEqual(['create', 'update']);
    expect(fake.calls[1]?.args).toEqual([7, { title: { en: 'How to reset' } }, 1]);
  });

  it('opening writes nothing; a draft saves after 5 s idle with base_revision, only what changed', async () => {
    const fake = fakeApi(ARTICLE);
    const session = new ArticleSession({
      api: fake.api,
      defaultLanguage: 'en',
      languages: ['en'],
      staging: true,
    });
    await session.open(ARTICLE);
    jest.advanceTimersByTime(60_000);
    await settle();
    expect(fake.ops()).toEqual([]);
    edit(session, 'en', { content: '<p>Body 2</p>' });
    jest.advanceTimersByTime(IDLE_SAVE_MS - 1);
    expect(fake.ops()).toEqual([]);
    jest.advanceTimersByTime(1);
    await settle();
    expect(fake.calls[0]?.args).toEqual([7, { content: { en: '<p>Body 2</p>' } }, 4]);
    expect(session.view().article?.revision).toBe(5);
  });

  it('two people: the second save gets the conflict with both versions; nothing is overwritten until a choice', async () => {
    const fake = fakeApi(ARTICLE);
    const session = new ArticleSession({
      api: fake.api,
      defaultLanguage: 'en',
      languages: ['en'],
      staging: false,
    });
    await session.open(ARTICLE);
    fake.otherPersonSaves('<p>Theirs</p>');
    edit(session, 'en', { content: '<p>Mine</p>' });
    jest.advanceTimersByTime(IDLE_SAVE_MS);
    await settle();
    const conflict = session.view().conflict;
    expect(conflict?.kind).toBe('revision');
    expect(conflict?.mine.en?.content).toBe('<p>Mine</p>');
    expect(conflict?.theirs.en?.content).toBe('<p>Theirs</p>');
    edit(session, 'en', { content: '<p>Mine, more</p>' });
    jest.advanceTimersByTime(60_000);
    await settle();
    expect(fake.ops()).toEqual(['update']);
    await session.resolve('mine');
    jest.advanceTimersByTime(IDLE_SAVE_MS);
    await settle();
    // what was typed while the dialog was open is kept too
    expect(fake.calls[1]?.args).toEqual([7, { content: { en: '<p>Mine, more</p>' } }, 5]);
    expect(session.view().conflict).toBeNull();
  });

  it('taking theirs loads their version and writes nothing', async () => {
    const fake = fakeApi(ARTICLE);
    const session = new ArticleSession({
      api: fake.api,
      defaultLanguage: 'en',
      languages: ['en'],
      staging: false,
    });
    await session.open(ARTICLE);
    fake.otherPersonSaves('<p>Theirs</p>');
    edit(session, 'en', { content: '<p>Mine</p>' });
    jest.advanceTimersByTime(IDLE_SAVE_MS);
    await settle();
    await session.resolve('theirs');
    jest.advanceTimersByTime(60_000);
    await settle();
    expect(session.view().fields.en?.content).toBe('<p>Theirs</p>');
    expect(fake.ops()).toEqual(['update']);
  });

  it('a published article with staging saves to its staged copy; a stale etag is a conflict; BASE_CHANGED asks', async () => {
    const published = { ...ARTICLE, published: true };
    const fake = fakeApi(published);
    const session = new ArticleSession({
      api: fake.api,
      defaultLanguage: 'en',
      languages: ['en'],
      staging: true,
    });
    await session.open(published);
    expect(session.view().mode).toBe('staged');
    edit(session, 'en', { content: '<p>Staged 1</p>' });
    jest.advanceTimersByTime(IDLE_SAVE_MS);
    await settle();
    expect(fake.calls[0]).toEqual({
      op: 'stage',
      args: [7, { locale: 'en', content: '<p>Staged 1</p>' }],
    });
    fake.otherPersonStages('<p>Their staged</p>');
    edit(session, 'en', { content: '<p>Staged 2</p>' });
    jest.advanceTimersByTime(IDLE_SAVE_MS);
    await settle();
    expect(session.view().conflict?.kind).toBe('staged');
    expect(session.view().conflict?.theirs.en?.content).toBe('<p>Their staged</p>');
    await session.resolve('mine');
    jest.advanceTimersByTime(IDLE_SAVE_MS);
    await settle();
    expect(fake.calls.at(-1)).toEqual({
      op: 'stage',
      args: [7, { locale: 'en', content: '<p>Staged 2</p>', etag: 'theirs' }],
    });
    fake.liveChanged();
    await session.publishStaged();
    expect(session.view().conflict?.kind).toBe('base_changed');
    await session.resolve('mine');
    expect(fake.calls.at(-1)).toEqual({ op: 'publishStaged', args: [7, true] });
    expect(fake.ops().filter((o) => o === 'update')).toEqual([]);
  });

  it('a published article without staging saves only on an explicit Save', async () => {
    const published = { ...ARTICLE, published: true };
    const fake = fakeApi(published);
    const session = new ArticleSession({
      api: fake.api,
      defaultLanguage: 'en',
      languages: ['en'],
      staging: false,
    });
    await session.open(published);
    expect(session.view().mode).toBe('explicit');
    edit(session, 'en', { title: 'Changed' });
    jest.advanceTimersByTime(600_000);
    await settle();
    expect(fake.ops()).toEqual([]);
    expect(session.view().dirty).toBe(true);
    await session.flush();
    expect(fake.calls[0]?.args).toEqual([7, { title: { en: 'Changed' } }, 4]);
    await session.setPublished(false);
    expect(fake.calls[1]?.args).toEqual([7, { published: false }, 5]);
    expect(session.view().mode).toBe('draft');
  });
});

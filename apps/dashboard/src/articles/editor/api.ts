/**
 * The editor's calls, through the app's typed client (the session's CSRF token and site go with
 * each): the dashboard contract's `base_revision` and 409 `revision_conflict`, the staged copy
 * (spec 4.5), editor image uploads (`?editor=1`, spec 4.7) and the preview hand-off.
 */
import { api, ApiRequestError } from '../../api/client';
import type { EditorApi, EditorArticle, StagedCopy } from './session';

type Answer = { data?: unknown; error?: unknown; response: Response };
type Loose = (path: string, init?: Record<string, unknown>) => Promise<Answer>;

/** The client with the paths and bodies this file sends (some not in the document's types yet). */
const client = api as unknown as Record<'GET' | 'POST' | 'PATCH' | 'DELETE', Loose>;

async function call<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  init: Record<string, unknown> = {},
): Promise<{ ok: true; data: T } | { ok: false; status: number; body: Record<string, unknown> }> {
  const { data, error, response } = await client[method](path, init);
  if (error !== undefined || data === undefined)
    return { ok: false, status: response.status, body: (error ?? {}) as Record<string, unknown> };
  return { ok: true, data: data as T };
}

function fail(answer: { status: number; body: unknown }): never {
  throw new ApiRequestError(answer.status, answer.body);
}

const articlePath = (id: number) => ({ params: { path: { id } } });
const stagedPath = (id: number) => ({ params: { path: { articleId: id } } });

export async function getArticle(id: number): Promise<EditorArticle> {
  const answer = await call<{ article: EditorArticle }>(
    'GET',
    '/v1/articles/{id}',
    articlePath(id),
  );
  if (!answer.ok) fail(answer);
  return answer.data.article;
}

export const editorApi: EditorApi = {
  async create(body) {
    const answer = await call<{ article: EditorArticle }>('POST', '/v1/articles', {
      body: { ...body, published: false },
    });
    if (!answer.ok) fail(answer);
    const article = answer.data.article;
    return article.revision === undefined ? getArticle(article.id) : article;
  },

  async update(id, body, baseRevision) {
    const answer = await call<{ article: EditorArticle }>('PATCH', '/v1/articles/{id}', {
      ...articlePath(id),
      body: { ...body, base_revision: baseRevision },
    });
    if (answer.ok) return { ok: true, article: answer.data.article };
    if (answer.status === 409 && answer.body.article)
      return { ok: false, current: answer.body.article as EditorArticle };
    fail(answer);
  },

  async stage(id, body) {
    const answer = await call<{ staged: StagedCopy | null }>(
      'PATCH',
      '/v1/articles/{articleId}/staged',
      {
        ...stagedPath(id),
        body,
      },
    );
    if (answer.ok) return { ok: true, staged: answer.data.staged };
    if (answer.status === 409) return { ok: false, etag: (answer.body.etag as string) ?? null };
    fail(answer);
  },

  async staged(id) {
    const answer = await call<{ staged: StagedCopy[] }>(
      'GET',
      '/v1/articles/{articleId}/staged',
      stagedPath(id),
    );
    if (answer.ok) return answer.data.staged;
    if (answer.status === 404) return [];
    fail(answer);
  },

  async publishStaged(id, force) {
    const answer = await call<{ article: EditorArticle }>(
      'POST',
      '/v1/articles/{articleId}/staged/publish',
      {
        ...stagedPath(id),
        body: force ? { force: true } : {},
      },
    );
    if (answer.ok) return { ok: true, article: await getArticle(id) };
    if (answer.status === 409) return { ok: false, baseChanged: true };
    fail(answer);
  },

  async discardStaged(id) {
    const answer = await call('DELETE', '/v1/articles/{articleId}/staged', stagedPath(id));
    if (!answer.ok && answer.status !== 404) fail(answer);
    return getArticle(id);
  },
};

/** Uploads an image added in the editor (marked as an editor image: `GET /images` leaves it out). */
export async function uploadEditorImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await call<{ image: { url: string } }>('POST', '/v1/images', {
    params: { query: { editor: 1 } },
    body: form,
    bodySerializer: (b: FormData) => b,
  });
  if (!answer.ok) fail(answer);
  return answer.data.image.url;
}

/** A 60-second, single-use reader-origin URL showing the draft (`live`) or the staged copy. */
export async function previewUrl(
  articleId: number,
  lang: string,
  copy: 'live' | 'staged',
): Promise<string> {
  const answer = await call<{ data: { url: string } }>('POST', '/v1/previews', {
    body: { article_id: articleId, lang, copy },
  });
  if (!answer.ok) fail(answer);
  return answer.data.data.url;
}

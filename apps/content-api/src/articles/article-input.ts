import { randomUUID } from 'node:crypto';
import {
  apiError,
  ApiError,
  CommonErrorCode,
  DEFAULT_VALIDATION_MESSAGE,
  FieldErrors,
  internalError,
  messages,
  plainValidationError,
  validationError,
} from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { LanguageMapInput, readLanguageMap, unsupportedLanguageMessage } from '@hc/content';
import type { ArticleType, Visibility } from './articles.repository';

export const EXTERNAL_ID_MAX = 191;
/** Storage limits of a title and of one language's content. */
export const TITLE_MAX = 1024;
export const CONTENT_MAX_BYTES = 16_777_215;
export const SEO_TITLE_MAX = 60;
export const SEO_DESCRIPTION_MAX = 160;
export const VISIBILITIES: readonly Visibility[] = ['public', 'private', 'link_only'];
export const TYPES: readonly ArticleType[] = ['article', 'faq'];
export const EXTERNAL_ID_TAKEN = 'That external_id already belongs to another article.';

/** An article write as sent (spec 2.3 writable fields); absent fields are undefined. */
export interface ArticleInput {
  title?: LanguageMapInput;
  content?: LanguageMapInput;
  slug?: LanguageMapInput;
  /** null: no category (`category_id` 0 or null). */
  categoryId?: number | null;
  categories?: number[];
  visibility?: Visibility;
  type?: ArticleType;
  published?: boolean;
  externalId?: string;
  contentFormat: 'html' | 'markdown';
  metadata?: { title?: LanguageMapInput; description?: LanguageMapInput };
  sharedWith?: number[];
  authorId?: number;
  rehostImages: boolean;
}

/** Why an article write was refused; rendered per endpoint by `articleHttpError` / bulk codes. */
export type ArticleFailure =
  /** A language the site lacks (spec 2.1): 400 with the exact message; bulk `invalid_argument`. */
  | { kind: 'invalid_argument'; message: string }
  /** No `title` on a create (spec 7: 400 `title` required). */
  | { kind: 'title_required' }
  /** Empty or blank title on a create (spec 2.3 rule 4: 500); bulk `persist_failed`. */
  | { kind: 'blank_title' }
  /** Unknown category (spec 7: 400 `The selected category id is invalid.`). */
  | { kind: 'category'; field: string; message: string }
  | { kind: 'fields'; errors: FieldErrors }
  | { kind: 'external_id_busy'; message: string }
  /** Could not be saved (bulk: `categories` on a new article, storage failures). */
  | { kind: 'persist_failed'; message: string };

export class ArticleInputError extends Error {
  constructor(readonly failure: ArticleFailure) {
    super('message' in failure ? failure.message : failure.kind);
  }
}

const fail = (failure: ArticleFailure): never => {
  throw new ArticleInputError(failure);
};

/**
 * The HTTP error for a refused single-article write. POST answers shape (b); PATCH answers shape
 * (c) `{message, errors}` (spec 4.4, 7). Language keys and categories are 400 as spec 7 lists.
 */
export function articleHttpError(f: ArticleFailure, mode: 'create' | 'patch'): ApiError {
  const fields = (errors: FieldErrors, status: number, message?: string) =>
    mode === 'patch'
      ? plainValidationError(errors, status)
      : validationError(errors, message ?? DEFAULT_VALIDATION_MESSAGE, status);
  switch (f.kind) {
    case 'invalid_argument':
      return apiError(CommonErrorCode.InvalidArgument, f.message);
    case 'title_required':
      return fields({ title: [messages.required('title')] }, 400);
    case 'blank_title':
      return internalError(randomUUID());
    case 'category':
      return fields({ [f.field]: [f.message] }, 400, f.message);
    case 'fields':
      return fields(f.errors, 422);
    case 'external_id_busy':
      return fields({ external_id: [f.message] }, 422, f.message);
    case 'persist_failed':
      return internalError(randomUUID(), f.message);
  }
}

function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v);
}

/**
 * Reads an article body (spec 2.3). `creating` applies the create rules: `title` required, and
 * empty or blank titles fail as rule 4 says. Unknown fields are ignored.
 */
export function readArticleInput(
  body: unknown,
  site: SiteContext,
  creating: boolean,
): ArticleInput {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return fail({ kind: 'fields', errors: { article: ['The article must be an object.'] } });
  }
  const b = body as Record<string, unknown>;
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const input: ArticleInput = { contentFormat: 'html', rehostImages: false };

  const langMap = (raw: unknown, field: string): LanguageMapInput | undefined => {
    const r = readLanguageMap(raw, site);
    if (r.ok) return r.value;
    if (r.problem.kind === 'unsupported_language') {
      return fail({
        kind: 'invalid_argument',
        message: unsupportedLanguageMessage(r.problem.code),
      });
    }
    if (r.problem.kind === 'not_string')
      add(`${field}.${r.problem.code}`, messages.string(`${field}.${r.problem.code}`));
    else add(field, messages.object(field));
    return undefined;
  };

  // title (spec 2.3: required on create, text in every language sent; rule 4 blank → 500)
  if (b.title === undefined) {
    if (creating) fail({ kind: 'title_required' });
  } else if (b.title === null) {
    if (creating) fail({ kind: 'blank_title' });
    add('title', messages.required('title'));
  } else {
    const title = langMap(b.title, 'title');
    if (title) {
      const values = Object.values(title);
      if (creating && (values.length === 0 || values.some((v) => v === null)))
        fail({ kind: 'blank_title' });
      for (const [lang, text] of Object.entries(title)) {
        if (text !== null && Array.from(text).length > TITLE_MAX) {
          add(`title.${lang}`, messages.maxString(`title.${lang}`, TITLE_MAX));
        }
      }
      input.title = title;
    }
  }

  for (const field of ['content', 'slug'] as const) {
    if (b[field] === undefined) continue;
    if (b[field] === null) {
      add(field, messages.object(field));
      continue;
    }
    const value = langMap(b[field], field);
    if (!value) continue;
    for (const [lang, text] of Object.entries(value)) {
      // MEDIUMTEXT holds 16 MB; a longer text is the caller's mistake, not a 500.
      if (field === 'content' && text !== null && Buffer.byteLength(text) > CONTENT_MAX_BYTES) {
        add(`content.${lang}`, `The content.${lang} field must not be larger than 16 MB.`);
      }
    }
    input[field] = value;
  }

  if (b.metadata !== undefined && b.metadata !== null) {
    if (typeof b.metadata !== 'object' || Array.isArray(b.metadata))
      add('metadata', messages.object('metadata'));
    else {
      const md = b.metadata as Record<string, unknown>;
      input.metadata = {};
      for (const [key, max] of [
        ['title', SEO_TITLE_MAX],
        ['description', SEO_DESCRIPTION_MAX],
      ] as const) {
        if (md[key] === undefined || md[key] === null) continue;
        const value = langMap(md[key], `metadata.${key}`);
        if (!value) continue;
        for (const [lang, text] of Object.entries(value)) {
          if (text !== null && Array.from(text).length > max) {
            add(`metadata.${key}.${lang}`, messages.maxString(`metadata.${key}.${lang}`, max));
          }
        }
        input.metadata[key] = value;
      }
    }
  }

  if (b.category_id !== undefined) {
    const c = b.category_id;
    if (c === null || c === 0 || c === '0') input.categoryId = null;
    else if (isInt(c) && c > 0) input.categoryId = c;
    else if (typeof c === 'string' && /^\d+$/.test(c)) input.categoryId = Number(c);
    else add('category_id', messages.integer('category_id'));
  }

  if (b.categories !== undefined) {
    if (b.categories === null) input.categories = [];
    else if (!Array.isArray(b.categories)) add('categories', messages.array('categories'));
    else if (!b.categories.every((c) => isInt(c) && c > 0))
      add('categories', messages.integer('categories'));
    else input.categories = [...new Set(b.categories as number[])];
  }

  if (b.visibility !== undefined) {
    // spec 2.1: an empty visibility fails validation
    if (!VISIBILITIES.includes(b.visibility as Visibility))
      add('visibility', messages.selectedInvalid('visibility'));
    else input.visibility = b.visibility as Visibility;
  }

  if (b.type !== undefined && b.type !== null) {
    if (!TYPES.includes(b.type as ArticleType)) add('type', messages.selectedInvalid('type'));
    else input.type = b.type as ArticleType;
  }

  if (b.published !== undefined) {
    if (typeof b.published !== 'boolean') add('published', messages.boolean('published'));
    else input.published = b.published;
  }

  // spec 2.1: an empty external_id is ignored
  if (b.external_id !== undefined && b.external_id !== null) {
    const v = typeof b.external_id === 'number' ? String(b.external_id) : b.external_id;
    if (typeof v !== 'string') add('external_id', messages.string('external_id'));
    else if (Array.from(v).length > EXTERNAL_ID_MAX)
      add('external_id', messages.maxString('external_id', EXTERNAL_ID_MAX));
    else input.externalId = v;
  }

  if (b.content_format !== undefined && b.content_format !== null) {
    if (b.content_format !== 'html' && b.content_format !== 'markdown') {
      add('content_format', messages.selectedInvalid('content_format'));
    } else input.contentFormat = b.content_format;
  }

  if (b.shared_with !== undefined) {
    if (b.shared_with === null) input.sharedWith = [];
    else if (!Array.isArray(b.shared_with) || !b.shared_with.every((v) => isInt(v) && v > 0)) {
      add('shared_with', messages.array('shared_with'));
    } else input.sharedWith = [...new Set(b.shared_with as number[])];
  }

  if (b.author_id !== undefined && b.author_id !== null) {
    if (!isInt(b.author_id) || b.author_id < 1) add('author_id', messages.integer('author_id'));
    else input.authorId = b.author_id;
  }

  if (b.rehost_images !== undefined && b.rehost_images !== null) {
    if (b.rehost_images === true || b.rehost_images === 1) input.rehostImages = true;
    else if (b.rehost_images === false || b.rehost_images === 0) input.rehostImages = false;
    else add('rehost_images', messages.boolean('rehost_images'));
  }

  if (Object.keys(errors).length) fail({ kind: 'fields', errors });
  return input;
}

// PATCH /articles/{id}/staged body (spec 4.5 table): plain values, except `metadata`.
import {
  apiError,
  ApiError,
  CommonErrorCode,
  DEFAULT_VALIDATION_MESSAGE,
  FieldErrors,
  messages,
  StagingErrorCode,
} from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import {
  isLanguageCode,
  readLanguageMap,
  SLUG_MAX_LENGTH,
  unsupportedLanguageMessage,
} from '@hc/content';
import type { ArticleType, Visibility } from '../articles/articles.repository';
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX, TYPES, VISIBILITIES } from '../articles/article-input';
import type { SharedFields } from './staged-model';

export interface StageInput {
  locale: string;
  title?: string | null;
  content?: string | null;
  /** null or empty: made anew from the title. */
  slug?: string | null;
  audioFile?: string | null;
  hasCustomSlug?: boolean;
  shared: SharedFields;
  releaseTranslation?: boolean;
  etag?: string;
  sharedEtag?: string;
}

/** Field errors of the staged endpoints: shape (b), with the `code` staged endpoints carry (spec 7). */
export function stagedValidationError(errors: FieldErrors): ApiError {
  return new ApiError(422, {
    status: 'validation_error',
    code: CommonErrorCode.ValidationError,
    message: DEFAULT_VALIDATION_MESSAGE,
    errors,
  });
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

function isUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Reads and checks the body; unknown fields are ignored (spec 4.5 rules). */
export function readStageInput(body: unknown, site: SiteContext): StageInput {
  const b = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<
    string,
    unknown
  >;
  if (b.change_set_id !== undefined && b.change_set_id !== null) {
    throw apiError(
      StagingErrorCode.ChangeSetsUnavailable,
      'Change sets cannot be filled through this endpoint. Stage the change, then add it with POST /change-sets/{id}/items.',
    );
  }
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const input: StageInput = { locale: '', shared: {} };

  if (b.locale === undefined || b.locale === null) add('locale', messages.required('locale'));
  else if (!isLanguageCode(b.locale)) add('locale', messages.selectedInvalid('locale'));
  else input.locale = b.locale;

  const text = (field: string, max?: number): string | null | undefined => {
    const v = b[field];
    if (v === undefined) return undefined;
    if (v === null || v === '') return null;
    if (typeof v !== 'string') {
      add(field, messages.string(field));
      return undefined;
    }
    const trimmed = v.trim();
    if (max !== undefined && Array.from(trimmed).length > max)
      add(field, messages.maxString(field, max));
    return trimmed === '' ? null : trimmed;
  };
  input.title = text('title', 1024);
  input.content = text('content');
  input.slug = text('slug', SLUG_MAX_LENGTH);
  input.audioFile = text('audio_file', 2048);
  if (typeof input.audioFile === 'string' && !isUrl(input.audioFile))
    add('audio_file', messages.url('audio_file'));

  const bool = (field: string): boolean | undefined => {
    const v = b[field];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'boolean') {
      add(field, messages.boolean(field));
      return undefined;
    }
    return v;
  };
  input.hasCustomSlug = bool('has_custom_slug');
  input.releaseTranslation = bool('release_translation');

  const ids = (field: string): number[] | undefined => {
    const v = b[field];
    if (v === undefined) return undefined;
    if (v === null) return [];
    if (!Array.isArray(v)) add(field, messages.array(field));
    else if (!v.every((x) => isInt(x) && x > 0)) add(field, messages.integer(field));
    else return [...new Set(v as number[])];
    return undefined;
  };

  const shared: SharedFields = {};
  if (b.category_id !== undefined) {
    const c = b.category_id;
    if (c === null || c === 0) shared.category_id = null;
    else if (isInt(c) && c > 0) shared.category_id = c;
    else add('category_id', messages.integer('category_id'));
  }
  const categories = ids('categories');
  if (categories) shared.categories = categories;
  if (b.visibility !== undefined) {
    if (!VISIBILITIES.includes(b.visibility as Visibility))
      add('visibility', messages.selectedInvalid('visibility'));
    else shared.visibility = b.visibility as Visibility;
  }
  if (b.type !== undefined && b.type !== null) {
    if (!TYPES.includes(b.type as ArticleType)) add('type', messages.selectedInvalid('type'));
    else shared.type = b.type as ArticleType;
  }
  if (b.author_id !== undefined && b.author_id !== null) {
    if (!isInt(b.author_id) || b.author_id < 1) add('author_id', messages.integer('author_id'));
    else shared.author_id = b.author_id;
  }
  const sharedWith = ids('shared_with');
  if (sharedWith) shared.shared_with = sharedWith;

  if (b.metadata !== undefined && b.metadata !== null) {
    if (typeof b.metadata !== 'object' || Array.isArray(b.metadata))
      add('metadata', messages.object('metadata'));
    else {
      const md = b.metadata as Record<string, unknown>;
      const metadata: NonNullable<SharedFields['metadata']> = {};
      for (const [key, max] of [
        ['title', SEO_TITLE_MAX],
        ['description', SEO_DESCRIPTION_MAX],
      ] as const) {
        if (md[key] === undefined || md[key] === null) continue;
        // spec 4.5: metadata languages must be enabled on the site (spec 2.1 message).
        const r = readLanguageMap(md[key], site);
        if (!r.ok) {
          if (r.problem.kind === 'unsupported_language') {
            throw apiError(
              CommonErrorCode.InvalidArgument,
              unsupportedLanguageMessage(r.problem.code),
            );
          }
          add(`metadata.${key}`, messages.object(`metadata.${key}`));
          continue;
        }
        for (const [lang, value] of Object.entries(r.value)) {
          if (value !== null && Array.from(value).length > max) {
            add(`metadata.${key}.${lang}`, messages.maxString(`metadata.${key}.${lang}`, max));
          }
        }
        if (Object.keys(r.value).length) metadata[key] = r.value;
      }
      if (Object.keys(metadata).length) shared.metadata = metadata;
    }
  }
  input.shared = shared;

  for (const field of ['etag', 'shared_etag'] as const) {
    const v = b[field];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') add(field, messages.string(field));
    else if (field === 'etag') input.etag = v;
    else input.sharedEtag = v;
  }

  if (Object.keys(errors).length) throw stagedValidationError(errors);
  return input;
}

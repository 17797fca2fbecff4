import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { ARTICLE_FIELDS, DASHBOARD_FIELDS } from '@hc/contracts';
import { isLanguageCode, unsupportedLanguageMessage } from '@hc/content';
import { Field, ObjectBody, ValidationErrorShape } from '@hc/http';
import { articleFailureOf, articleHttpError, BLANK_TITLE_CONSTRAINT } from '../article-failure';
import type { ArticleType, Visibility } from '../articles.repository';

/** A language map as the DTO holds it: `[]` is an empty map; numbers read as text (spec 2.1). */
export type LanguageMapBody = Record<string, string | number | null> | [];

/** A key that is not a language code is 400 with spec 2.1's message (`articleFailureOf`). */
export const LANGUAGES = {
  isLanguage: isLanguageCode,
  languageKeyMessage: unsupportedLanguageMessage,
};

/** An `external_id` sent as a number is that number's digits. */
const digits = ({ value }: { value: unknown }) =>
  typeof value === 'number' ? String(value) : value;
/** `rehost_images` is also read as 1 / 0. */
const oneOrZero = ({ value }: { value: unknown }) =>
  value === 1 ? true : value === 0 ? false : value;

/** Spec 2.3 rule 4: a create's title with no language, or a blank one, is the 500. */
function blankTitle(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  if (value === null || typeof value !== 'object') return false;
  const texts = Object.values(value as Record<string, unknown>);
  return (
    texts.length === 0 || texts.some((t) => t === null || (typeof t === 'string' && !t.trim()))
  );
}

/** The article-wide fields (spec 2.3), shared by article writes and staged edits (spec 4.5). */
export class ArticleWideDto {
  @Field(ARTICLE_FIELDS.category_id)
  category_id?: number | string | null;

  @Field(ARTICLE_FIELDS.categories)
  categories?: number[] | null;

  @Field(ARTICLE_FIELDS.visibility)
  visibility?: Visibility;

  @Field(ARTICLE_FIELDS.type)
  type?: ArticleType | null;

  @Field(ARTICLE_FIELDS.author_id)
  author_id?: number | null;

  @Field(ARTICLE_FIELDS.shared_with)
  shared_with?: number[] | null;

  @Field(ARTICLE_FIELDS.metadata, LANGUAGES)
  metadata?: { title?: LanguageMapBody | null; description?: LanguageMapBody | null } | null;
}

/** The writable fields of spec 2.3 but the title; unknown fields are dropped. */
@ObjectBody('article', 'The article must be an object.')
class ArticleFieldsDto extends ArticleWideDto {
  @Field(ARTICLE_FIELDS.content, LANGUAGES)
  content?: LanguageMapBody;

  @Field(ARTICLE_FIELDS.slug, LANGUAGES)
  slug?: LanguageMapBody;

  @Field(ARTICLE_FIELDS.published)
  published?: boolean;

  @Field(ARTICLE_FIELDS.external_id)
  @Transform(digits)
  external_id?: string | null;

  @Field(ARTICLE_FIELDS.content_format)
  content_format?: 'html' | 'markdown' | null;

  @Field(ARTICLE_FIELDS.rehost_images)
  @Transform(oneOrZero)
  rehost_images?: boolean | null;
}

/**
 * POST /articles (spec 2.3, 4.4): refusals in shape (b); no title is 400, a blank title 500, a
 * key that is not a language 400 (spec 7).
 */
@ValidationErrorShape((_errors, failures, body) =>
  articleHttpError(articleFailureOf(failures, body, true), 'create'),
)
export class CreateArticleDto extends ArticleFieldsDto {
  @ValidateBy({ name: BLANK_TITLE_CONSTRAINT, validator: { validate: (v) => !blankTitle(v) } })
  @Field(ARTICLE_FIELDS.title, { ...LANGUAGES, required: true })
  title!: LanguageMapBody;
}

/** PATCH /articles/{id}: only the fields sent change; refusals in shape (c) (spec 4.4, 7). */
@ValidationErrorShape((_errors, failures, body) =>
  articleHttpError(articleFailureOf(failures, body, false), 'patch'),
)
export class UpdateArticleDto extends ArticleFieldsDto {
  @Field(ARTICLE_FIELDS.title, { ...LANGUAGES, nullMessage: 'The title field is required.' })
  title?: LanguageMapBody;

  /** Issue 37: the revision a dashboard save started from. */
  @Field(DASHBOARD_FIELDS.base_revision)
  base_revision?: number | null;
}

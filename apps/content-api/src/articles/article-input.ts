import {
  ARTICLE_TYPES,
  ARTICLE_VISIBILITIES,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
} from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { LanguageMapInput, readLanguageMap, unsupportedLanguageMessage } from '@hc/content';
import { checkDto } from '@hc/http';
import { ArticleFailure, ArticleInputError, articleFailureOf } from './article-failure';
import type { ArticleType, Visibility } from './articles.repository';
import { CreateArticleDto, LanguageMapBody, UpdateArticleDto } from './dto/article.dto';

export * from './article-failure';
export { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX };
export const VISIBILITIES: readonly Visibility[] = ARTICLE_VISIBILITIES;
export const TYPES: readonly ArticleType[] = ARTICLE_TYPES;
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

/** Refuses the write with `failure` (spec 7 shapes; bulk items report it per item). */
export const fail = (failure: ArticleFailure): never => {
  throw new ArticleInputError(failure);
};

/** A checked language map against the site: a language it lacks is 400 (spec 2.1). */
function siteMap(raw: LanguageMapBody | null | undefined, site: SiteContext) {
  if (raw === undefined || raw === null) return undefined;
  const r = readLanguageMap(raw, site);
  if (r.ok) return r.value;
  // The DTO checked the shape: what is left is a language the site lacks.
  const code = r.problem.kind === 'not_object' ? '' : r.problem.code;
  return fail({ kind: 'invalid_argument', message: unsupportedLanguageMessage(code) });
}

const unique = (ids: number[] | null) => [...new Set(ids ?? [])];

/**
 * The article write a checked DTO asks for, against the site (spec 2.3): language maps trimmed,
 * languages the site lacks refused, `category_id` 0 as none, id lists without repeats.
 */
export function toArticleInput(
  dto: CreateArticleDto | UpdateArticleDto,
  site: SiteContext,
): ArticleInput {
  const input: ArticleInput = {
    contentFormat: dto.content_format ?? 'html',
    rehostImages: dto.rehost_images ?? false,
  };
  input.title = siteMap(dto.title, site);
  input.content = siteMap(dto.content, site);
  input.slug = siteMap(dto.slug, site);
  if (dto.metadata) {
    input.metadata = {};
    const title = siteMap(dto.metadata.title, site);
    const description = siteMap(dto.metadata.description, site);
    if (title) input.metadata.title = title;
    if (description) input.metadata.description = description;
  }
  if (dto.category_id !== undefined) input.categoryId = Number(dto.category_id) || null;
  if (dto.categories !== undefined) input.categories = unique(dto.categories);
  if (dto.shared_with !== undefined) input.sharedWith = unique(dto.shared_with);
  if (dto.visibility !== undefined) input.visibility = dto.visibility;
  if (dto.type) input.type = dto.type;
  if (dto.published !== undefined) input.published = dto.published;
  // spec 2.1: an empty external_id is ignored
  if (dto.external_id) input.externalId = dto.external_id;
  if (dto.author_id) input.authorId = dto.author_id;
  for (const key of Object.keys(input) as Array<keyof ArticleInput>)
    if (input[key] === undefined) delete input[key];
  return input;
}

/**
 * Reads one article object outside the global pipe (bulk items, demo content) with the same DTO
 * checks: `creating` applies the create rules (title required; empty or blank is rule 4's 500).
 */
export function readArticleInput(
  body: unknown,
  site: SiteContext,
  creating: boolean,
): ArticleInput {
  const dto: new () => CreateArticleDto | UpdateArticleDto = creating
    ? CreateArticleDto
    : UpdateArticleDto;
  const checked = checkDto(dto, body);
  if (!checked.ok) return fail(articleFailureOf(checked.failures, checked.body, creating));
  return toArticleInput(checked.value, site);
}

/**
 * The writable fields of the REST bodies that tools mirror (issue 21 item 6), described once:
 * kind, bounds, allowed values, what null means, and the words shown to API consumers and to
 * agents. content-api's DTO classes take their checks and OpenAPI schemas from these entries
 * (`@Field` in `@hc/http`); mcp-gateway builds its zod tool arguments from the same entries, so a
 * bound or a value changes in one place.
 */

/** What a JSON null sent for a field means: ignored like an absent field, or "none" / cleared. */
export type NullMeaning = 'ignored' | 'clears';

interface FieldBase {
  description: string;
  /** Without it a null fails the field's check. */
  null?: NullMeaning;
  example?: unknown;
}

export type FieldSpec =
  | (FieldBase & { kind: 'text'; maxLength?: number; minLength?: number })
  | (FieldBase & {
      kind: 'integer';
      minimum?: number;
      maximum?: number;
      /** An id where 0 means "none" (spec 2.3 `category_id`). */
      zeroMeansNone?: boolean;
    })
  | (FieldBase & { kind: 'boolean' })
  | (FieldBase & { kind: 'choice'; values: readonly string[] })
  /** An array of positive integer ids. */
  | (FieldBase & { kind: 'ids' })
  /** Spec 2.1: an object from language code to text; `maxLength` per language. */
  | (FieldBase & { kind: 'languageMap'; maxLength?: number; maxBytes?: number })
  | (FieldBase & { kind: 'object'; fields: Record<string, FieldSpec> });

export type FieldTable = Record<string, FieldSpec>;

/** The value of one field as a DTO or a tool argument holds it after its check. */
export const ARTICLE_VISIBILITIES = ['public', 'private', 'link_only'] as const;
export const ARTICLE_TYPES = ['article', 'faq'] as const;
export const CONTENT_FORMATS = ['html', 'markdown'] as const;

/** Spec 8 and 2.3: lengths the API enforces. */
export const EXTERNAL_ID_MAX = 191;
export const TITLE_MAX = 1024;
export const CONTENT_MAX_BYTES = 16_777_215;
export const SEO_TITLE_MAX = 60;
export const SEO_DESCRIPTION_MAX = 160;
export const CATEGORY_ICON_MAX = 190;
/** The position column is a signed INT. */
export const CATEGORY_POSITION_MAX = 2_147_483_647;
export const STAGED_SLUG_MAX = 190;
export const AUDIO_URL_MAX = 2048;
export const TEXT_MAX = 5000;

const ids = (description: string) =>
  ({ kind: 'ids', null: 'clears', description, example: [3, 7] }) as const;

/** Spec 2.3: SEO title and description, each a language map. */
const SEO_FIELDS = {
  title: {
    kind: 'languageMap',
    maxLength: SEO_TITLE_MAX,
    null: 'ignored',
    description: `SEO title per language, up to ${SEO_TITLE_MAX} characters`,
  },
  description: {
    kind: 'languageMap',
    maxLength: SEO_DESCRIPTION_MAX,
    null: 'ignored',
    description: `SEO description per language, up to ${SEO_DESCRIPTION_MAX} characters`,
  },
} satisfies FieldTable;

/** The article-wide fields shared by article writes and staged edits (spec 2.3, 4.5). */
const ARTICLE_WIDE = {
  category_id: {
    kind: 'integer',
    minimum: 0,
    zeroMeansNone: true,
    null: 'clears',
    description: 'Primary category id; 0 for none',
    example: 12,
  },
  categories: ids('All category ids of the article'),
  visibility: {
    kind: 'choice',
    values: ARTICLE_VISIBILITIES,
    description: 'public, private (team members in shared_with) or link_only',
  },
  type: { kind: 'choice', values: ARTICLE_TYPES, null: 'ignored', description: 'article or faq' },
  author_id: {
    kind: 'integer',
    minimum: 1,
    null: 'ignored',
    description: 'Team member id of the author',
    example: 7,
  },
  shared_with: ids('Team member ids who may read it while private'),
  metadata: {
    kind: 'object',
    fields: SEO_FIELDS,
    null: 'ignored',
    description: 'SEO title and description, each per language',
  },
} satisfies FieldTable;

/** POST /articles, PATCH /articles/{id}, bulk items (spec 2.3); `title` is required on create. */
export const ARTICLE_FIELDS = {
  title: {
    kind: 'languageMap',
    maxLength: TITLE_MAX,
    description: 'Title per language',
    example: { en: 'Getting started' },
  },
  content: {
    kind: 'languageMap',
    maxBytes: CONTENT_MAX_BYTES,
    description: 'Article body per language, HTML (or Markdown with content_format "markdown")',
    example: { en: '<p>Welcome.</p>' },
  },
  slug: {
    kind: 'languageMap',
    description: 'URL slug per language; made from the title when omitted',
  },
  ...ARTICLE_WIDE,
  published: {
    kind: 'boolean',
    description: 'true publishes; false keeps or makes it a draft',
    example: true,
  },
  external_id: {
    kind: 'text',
    maxLength: EXTERNAL_ID_MAX,
    null: 'ignored',
    description: 'Your own id; POST with the same external_id updates that article',
    example: 'kb-1042',
  },
  content_format: {
    kind: 'choice',
    values: CONTENT_FORMATS,
    null: 'ignored',
    description: 'markdown converts every language of content to HTML',
  },
  rehost_images: {
    kind: 'boolean',
    null: 'ignored',
    description: 'Copy images from other sites and data: URLs into the help center',
  },
} satisfies FieldTable;

/** POST and PATCH /categories (spec 4.6); `name` is required on create. */
export const CATEGORY_FIELDS = {
  name: {
    kind: 'languageMap',
    description: 'Name per language; cannot be cleared',
    example: { en: 'Billing' },
  },
  description: {
    kind: 'languageMap',
    null: 'clears',
    description: 'Description per language',
  },
  parent_id: {
    kind: 'integer',
    minimum: 0,
    zeroMeansNone: true,
    null: 'clears',
    description: 'Parent category id; null (or 0) for top level',
    example: 4,
  },
  icon: {
    kind: 'text',
    maxLength: CATEGORY_ICON_MAX,
    null: 'clears',
    description: `Icon, up to ${CATEGORY_ICON_MAX} characters`,
  },
  position: {
    kind: 'integer',
    minimum: 0,
    maximum: CATEGORY_POSITION_MAX,
    null: 'ignored',
    description: 'Order among siblings, ascending; omitted: after the others',
    example: 2,
  },
} satisfies FieldTable;

/** PATCH /articles/{id}/staged (spec 4.5): plain per-language values plus article-wide fields. */
export const STAGED_FIELDS = {
  locale: {
    kind: 'text',
    description: 'The language these texts are in; any supported code',
    example: 'de',
  },
  title: {
    kind: 'text',
    maxLength: TITLE_MAX,
    null: 'clears',
    description: 'Title; empty or null clears',
  },
  content: {
    kind: 'text',
    null: 'clears',
    description: 'HTML; Markdown is not converted here',
  },
  slug: {
    kind: 'text',
    maxLength: STAGED_SLUG_MAX,
    null: 'clears',
    description: 'Made valid and unique; empty makes a new one from the title',
  },
  audio_file: {
    kind: 'text',
    maxLength: AUDIO_URL_MAX,
    null: 'clears',
    description: 'Audio http(s) URL; null removes it',
  },
  has_custom_slug: {
    kind: 'boolean',
    null: 'ignored',
    description: 'Whether the slug was set by hand',
  },
  ...ARTICLE_WIDE,
  release_translation: {
    kind: 'boolean',
    null: 'ignored',
    description: 'true releases this language to readers at publish; false withdraws',
  },
  etag: {
    kind: 'text',
    null: 'ignored',
    description: 'From the last read or write of this language',
  },
  shared_etag: {
    kind: 'text',
    null: 'ignored',
    description: 'From the last read or write, or "none" when it was null',
  },
} satisfies FieldTable;

/** Comment and team-note text (spec 4.9): plain, 1 to 5,000 characters. */
export const TEXT_FIELD = {
  kind: 'text',
  minLength: 1,
  maxLength: TEXT_MAX,
  description: 'Plain text, 1 to 5,000 characters (HTML is shown as text)',
  example: 'Thanks, fixed in the latest version.',
} satisfies FieldSpec;

export const COMMENT_ACTIONS = ['approve', 'unpublish'] as const;

/** POST /articles/{id}/comments and PATCH /comments/{id} (spec 4.9). */
export const COMMENT_FIELDS = {
  text: TEXT_FIELD,
  parent_id: {
    kind: 'integer',
    minimum: 1,
    null: 'ignored',
    description: 'The comment to reply to, on the same article; top-level when omitted',
    example: 31,
  },
  action: { kind: 'choice', values: COMMENT_ACTIONS, description: 'approve or unpublish' },
} satisfies FieldTable;

/**
 * Fields only the dashboard sends (issue 37); no tool mirrors them. Keys and tokens may send them
 * too: they are ignored from those credentials.
 */
export const DASHBOARD_FIELDS = {
  base_revision: {
    kind: 'integer',
    minimum: 1,
    null: 'ignored',
    description:
      'The article `revision` the dashboard save started from (required from a dashboard ' +
      'session; a mismatch answers 409 `revision_conflict` with the current article). Ignored ' +
      'from API keys and OAuth tokens (last write wins).',
    example: 4,
  },
  action: {
    kind: 'choice',
    values: ['trash', 'publish', 'unpublish', 'set_category', 'restore', 'delete'],
    description:
      'What to do with every selected article: move to the Trash (several send no event, one ' +
      'sends article.deleted), publish, unpublish, set the primary category (`category_id`), ' +
      'restore from the Trash (each to its previous status, article.updated each) or delete ' +
      'trashed articles for good (one sends article.deleted again, several send no event)',
  },
  ids: {
    kind: 'ids',
    description: 'The selected articles, 1 to 100',
    example: [12, 14],
  },
} as const satisfies FieldTable;

/** Issue 37: the most articles one dashboard multi-select action takes (a page of the list). */
export const DASHBOARD_ACTION_MAX = 100;

/**
 * The error catalog of spec 7: every error code the API services send, one group per domain, and
 * the one table (`CATALOG`) that gives each code its domain, wire value, HTTP status and body
 * shape. The groups (`CommonErrorCode.NotFound` …) and `errorEntry` are read from it, so a code
 * cannot exist without its status.
 *
 * Body shapes (spec 7): (a) {status: 'error', code, message, ...extra}; (b) {status:
 * 'validation_error', message, errors}; (c) {message, errors}; (d) {status: 'unauthorized'};
 * (e) {message: 'Too Many Attempts.'}; (f) OAuth {error, error_description, hint, message}.
 */

export type ErrorShape = 'a' | 'b' | 'c' | 'd' | 'e' | 'f';

type Domain = 'common' | 'auth' | 'content' | 'staging' | 'design' | 'changeSet';

/** name → [domain, wire code, HTTP status, body shape when not (a)]. */
const CATALOG = {
  // CommonErrorCode: codes any route can answer (transport, lookup and argument errors).
  NotFound: ['common', 'not_found', 404],
  Forbidden: ['common', 'forbidden', 403],
  InvalidJson: ['common', 'invalid_json', 400],
  // A body that could not be read at all (aborted, wrong encoding).
  InvalidBody: ['common', 'invalid_body', 400],
  InvalidArgument: ['common', 'invalid_argument', 400],
  InvalidMultipart: ['common', 'invalid_multipart', 400],
  // A framework exception (4xx) with no code of ours; it keeps the framework's status.
  HttpError: ['common', 'http_error', 400],
  NotReady: ['common', 'not_ready', 503],
  // A body over 64 KB (or in chunks, of no known length) without a valid credential (#15).
  BodyTooLarge: ['common', 'body_too_large', 413],
  // Shape (b), and the `code` staged endpoints add to it (spec 7).
  ValidationError: ['common', 'validation_error', 422, 'b'],
  // AuthErrorCode: credential and site resolution (spec 4.1, 5.2).
  Unauthorized: ['auth', 'unauthorized', 401, 'd'],
  InsufficientScope: ['auth', 'insufficient_scope', 403],
  SiteRequired: ['auth', 'site_required', 400],
  SiteForbidden: ['auth', 'site_forbidden', 403],
  PlanUpgradeRequired: ['auth', 'plan_upgrade_required', 402],
  // Issue 37: an operation the spec reserves for the dashboard, called with a key or a token.
  SessionRequired: ['auth', 'session_required', 403],
  // Issue 37: the signed-in person's current role on the site does not allow the operation
  // (a Viewer's write; a Translator's article-wide or default-language change).
  RoleForbidden: ['auth', 'role_forbidden', 403],
  // Issue 38: the site requires two-factor sign-in and the person has not turned it on.
  TwoFactorRequired: ['auth', 'two_factor_required', 403],
  // Issue 38: an invitation link that is unknown, for another site or revoked; expired; used.
  InvitationInvalid: ['auth', 'invitation_invalid', 404],
  InvitationExpired: ['auth', 'invitation_expired', 410],
  InvitationUsed: ['auth', 'invitation_used', 410],
  // Issue 38: the Owner is changed or removed only by a transfer of ownership.
  OwnerProtected: ['auth', 'owner_protected', 403],
  // ContentErrorCode: articles, categories, images, comments and notes (spec 4.4–4.9).
  CategoryNotEmpty: ['content', 'category_not_empty', 409],
  ImageInUse: ['content', 'image_in_use', 409],
  StorageFailed: ['content', 'storage_failed', 500],
  UploadUrlInvalid: ['content', 'upload_url_invalid', 403],
  UploadUrlRevoked: ['content', 'upload_url_revoked', 403],
  UploadUrlExpired: ['content', 'upload_url_expired', 410],
  UploadUrlUsed: ['content', 'upload_url_used', 410],
  NotesForbidden: ['content', 'notes_forbidden', 403],
  IncludeEmailUnavailable: ['content', 'include_email_unavailable', 403],
  CommentDeleted: ['content', 'comment_deleted', 422],
  // Issue 24: GET /audit needs an Owner or Admin behind the credential.
  AuditForbidden: ['content', 'audit_forbidden', 403],
  // Issue 37: a dashboard save started from another revision of the article (carries `article`).
  RevisionConflict: ['content', 'revision_conflict', 409],
  // Issue 39: the site requires an approved review before a person publishes in the dashboard.
  ReviewRequired: ['content', 'review_required', 403],
  // Issue 39: a review decision by someone who may not make it (the requester themselves).
  ReviewForbidden: ['content', 'review_forbidden', 403],
  // Issue 39: the review is no longer in the state the action needs (decided, published).
  ReviewClosed: ['content', 'review_closed', 409],
  // Issue 39: one export job per site at a time (carries the running `export`); a zip asked for
  // before it is built; a zip past its expiry (deleted).
  ExportRunning: ['content', 'export_running', 409],
  ExportNotReady: ['content', 'export_not_ready', 409],
  ExportExpired: ['content', 'export_expired', 410],
  // StagingErrorCode: staged changes (spec 4.5); the publish refusals are 422 unless spec 4.5
  // says 409.
  StagingUnavailable: ['staging', 'STAGING_UNAVAILABLE', 403],
  NotPublished: ['staging', 'NOT_PUBLISHED', 422],
  ArticleUnpublished: ['staging', 'ARTICLE_UNPUBLISHED', 422],
  ChangeSetsUnavailable: ['staging', 'CHANGE_SETS_UNAVAILABLE', 422],
  StaleEtag: ['staging', 'STALE_ETAG', 409],
  BaseChanged: ['staging', 'BASE_CHANGED', 409],
  NoStagedChanges: ['staging', 'NO_STAGED_CHANGES', 422],
  TitleRequired: ['staging', 'TITLE_REQUIRED', 422],
  NoTitle: ['staging', 'NO_TITLE', 422],
  CategoryInvalid: ['staging', 'CATEGORY_INVALID', 422],
  AuthorNotOnTeam: ['staging', 'AUTHOR_NOT_ON_TEAM', 422],
  SharedWithNotOnTeam: ['staging', 'SHARED_WITH_NOT_ON_TEAM', 422],
  // DesignErrorCode: the design API (spec 4.12).
  DesignForbidden: ['design', 'design_forbidden', 403],
  TemplateMigrationRequired: ['design', 'template_migration_required', 409],
  NothingToPublish: ['design', 'nothing_to_publish', 409],
  TemplateInvalid: ['design', 'template_invalid', 422],
  StaleDraft: ['design', 'stale_draft', 412],
  ComponentNotFound: ['design', 'component_not_found', 404],
  VersionNotFound: ['design', 'version_not_found', 404],
  // ChangeSetErrorCode: change sets answer `reason` instead of `code` (spec 7); `not_found` and
  // `validation_error` reuse the common codes.
  NotOpen: ['changeSet', 'not_open', 409],
  Empty: ['changeSet', 'empty', 422],
} as const satisfies Record<string, readonly [Domain, string, number, ErrorShape?]>;

type Catalog = typeof CATALOG;
type CodesOf<D extends Domain> = {
  readonly [K in keyof Catalog as Catalog[K][0] extends D ? K : never]: Catalog[K][1];
};
type ValueOf<T> = T[keyof T];

function codesOf<D extends Domain>(domain: D): CodesOf<D> {
  const rows = Object.entries(CATALOG).filter(([, row]) => row[0] === domain);
  return Object.freeze(Object.fromEntries(rows.map(([name, row]) => [name, row[1]]))) as CodesOf<D>;
}

/** Codes any route can answer (transport, lookup and argument errors). */
export const CommonErrorCode = codesOf('common');
/** Credential and site resolution (spec 4.1, 5.2). */
export const AuthErrorCode = codesOf('auth');
/** Articles, categories, images, comments and notes (spec 4.4–4.9). */
export const ContentErrorCode = codesOf('content');
/** Staged changes (spec 4.5). */
export const StagingErrorCode = codesOf('staging');
/** The design API (spec 4.12). */
export const DesignErrorCode = codesOf('design');
/** Change sets answer `reason` instead of `code` (spec 7). */
export const ChangeSetErrorCode = codesOf('changeSet');

export type CommonErrorCode = ValueOf<typeof CommonErrorCode>;
export type AuthErrorCode = ValueOf<typeof AuthErrorCode>;
export type ContentErrorCode = ValueOf<typeof ContentErrorCode>;
export type StagingErrorCode = ValueOf<typeof StagingErrorCode>;
export type DesignErrorCode = ValueOf<typeof DesignErrorCode>;
export type ChangeSetErrorCode = ValueOf<typeof ChangeSetErrorCode>;

/** A member's own type where one is named in a type (`CommonErrorCode.NotFound | …`). */
// eslint-disable-next-line @typescript-eslint/no-namespace -- types only, merged with the group
export declare namespace CommonErrorCode {
  type NotFound = typeof CommonErrorCode.NotFound;
}

export type ErrorCode = ValueOf<{ [K in keyof Catalog]: Catalog[K][1] }>;

export interface ErrorEntry {
  status: number;
  shape: ErrorShape;
}

const ENTRIES = new Map<string, ErrorEntry>(
  Object.values(CATALOG).map((row) => [row[1], { status: row[2], shape: row[3] ?? 'a' }]),
);

/** The one table: code → HTTP status and body shape. */
export function errorEntry(code: ErrorCode): ErrorEntry {
  const entry = ENTRIES.get(code);
  if (!entry) throw new Error(`error code without a catalog entry: ${String(code)}`);
  return { ...entry };
}

/** Every code of every domain, for tests and the OpenAPI document. */
export const ERROR_CODES: readonly ErrorCode[] = Object.values(CATALOG).map((row) => row[1]);

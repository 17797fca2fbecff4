/**
 * The error catalog of spec 7: every error code the API services send, one enum per domain, and
 * the one table (`errorEntry`) that gives each code its HTTP status and body shape. The switch in
 * `errorEntry` is exhaustive: a code added to an enum without a row fails to compile.
 *
 * Body shapes (spec 7): (a) {status: 'error', code, message, ...extra}; (b) {status:
 * 'validation_error', message, errors}; (c) {message, errors}; (d) {status: 'unauthorized'};
 * (e) {message: 'Too Many Attempts.'}; (f) OAuth {error, error_description, hint, message}.
 */

export type ErrorShape = 'a' | 'b' | 'c' | 'd' | 'e' | 'f';

/** Codes any route can answer (transport, lookup and argument errors). */
export enum CommonErrorCode {
  NotFound = 'not_found',
  Forbidden = 'forbidden',
  InvalidJson = 'invalid_json',
  /** A body that could not be read at all (aborted, wrong encoding). */
  InvalidBody = 'invalid_body',
  InvalidArgument = 'invalid_argument',
  InvalidMultipart = 'invalid_multipart',
  /** A framework exception (4xx) with no code of ours; it keeps the framework's status. */
  HttpError = 'http_error',
  NotReady = 'not_ready',
  /** A body over 64 KB (or in chunks, of no known length) without a valid credential (#15). */
  BodyTooLarge = 'body_too_large',
  /** Shape (b), and the `code` staged endpoints add to it (spec 7). */
  ValidationError = 'validation_error',
}

/** Credential and site resolution (spec 4.1, 5.2). */
export enum AuthErrorCode {
  Unauthorized = 'unauthorized',
  InsufficientScope = 'insufficient_scope',
  SiteRequired = 'site_required',
  SiteForbidden = 'site_forbidden',
  PlanUpgradeRequired = 'plan_upgrade_required',
}

/** Articles, categories, images, comments and notes (spec 4.4–4.9). */
export enum ContentErrorCode {
  CategoryNotEmpty = 'category_not_empty',
  ImageInUse = 'image_in_use',
  StorageFailed = 'storage_failed',
  UploadUrlInvalid = 'upload_url_invalid',
  UploadUrlRevoked = 'upload_url_revoked',
  UploadUrlExpired = 'upload_url_expired',
  UploadUrlUsed = 'upload_url_used',
  NotesForbidden = 'notes_forbidden',
  IncludeEmailUnavailable = 'include_email_unavailable',
  CommentDeleted = 'comment_deleted',
  /** Issue 24: GET /audit needs an Owner or Admin behind the credential. */
  AuditForbidden = 'audit_forbidden',
}

/** Staged changes (spec 4.5); the publish refusals are 422 unless spec 4.5 says 409. */
export enum StagingErrorCode {
  StagingUnavailable = 'STAGING_UNAVAILABLE',
  NotPublished = 'NOT_PUBLISHED',
  ArticleUnpublished = 'ARTICLE_UNPUBLISHED',
  ChangeSetsUnavailable = 'CHANGE_SETS_UNAVAILABLE',
  StaleEtag = 'STALE_ETAG',
  BaseChanged = 'BASE_CHANGED',
  NoStagedChanges = 'NO_STAGED_CHANGES',
  TitleRequired = 'TITLE_REQUIRED',
  NoTitle = 'NO_TITLE',
  CategoryInvalid = 'CATEGORY_INVALID',
  AuthorNotOnTeam = 'AUTHOR_NOT_ON_TEAM',
  SharedWithNotOnTeam = 'SHARED_WITH_NOT_ON_TEAM',
}

/** The design API (spec 4.12). */
export enum DesignErrorCode {
  DesignForbidden = 'design_forbidden',
  TemplateMigrationRequired = 'template_migration_required',
  NothingToPublish = 'nothing_to_publish',
  TemplateInvalid = 'template_invalid',
  StaleDraft = 'stale_draft',
  ComponentNotFound = 'component_not_found',
  VersionNotFound = 'version_not_found',
}

/** Change sets answer `reason` instead of `code` (spec 7); `not_found` and `validation_error` reuse
 * the common codes. */
export enum ChangeSetErrorCode {
  NotOpen = 'not_open',
  Empty = 'empty',
}

export type ErrorCode =
  | CommonErrorCode
  | ChangeSetErrorCode
  | AuthErrorCode
  | ContentErrorCode
  | StagingErrorCode
  | DesignErrorCode;

export interface ErrorEntry {
  status: number;
  shape: ErrorShape;
}

const a = (status: number): ErrorEntry => ({ status, shape: 'a' });

/** The one table: code → HTTP status and body shape. Exhaustive by construction. */
export function errorEntry(code: ErrorCode): ErrorEntry {
  switch (code) {
    case CommonErrorCode.NotFound:
    case DesignErrorCode.ComponentNotFound:
    case DesignErrorCode.VersionNotFound:
      return a(404);
    case CommonErrorCode.Forbidden:
    case AuthErrorCode.InsufficientScope:
    case AuthErrorCode.SiteForbidden:
    case ContentErrorCode.UploadUrlInvalid:
    case ContentErrorCode.UploadUrlRevoked:
    case ContentErrorCode.NotesForbidden:
    case ContentErrorCode.AuditForbidden:
    case ContentErrorCode.IncludeEmailUnavailable:
    case StagingErrorCode.StagingUnavailable:
    case DesignErrorCode.DesignForbidden:
      return a(403);
    case CommonErrorCode.InvalidJson:
    case CommonErrorCode.InvalidBody:
    case CommonErrorCode.InvalidArgument:
    case CommonErrorCode.InvalidMultipart:
    case CommonErrorCode.HttpError:
    case AuthErrorCode.SiteRequired:
      return a(400);
    case CommonErrorCode.NotReady:
      return a(503);
    case CommonErrorCode.BodyTooLarge:
      return a(413);
    case CommonErrorCode.ValidationError:
      return { status: 422, shape: 'b' };
    case AuthErrorCode.Unauthorized:
      return { status: 401, shape: 'd' };
    case AuthErrorCode.PlanUpgradeRequired:
      return a(402);
    case ContentErrorCode.CategoryNotEmpty:
    case ContentErrorCode.ImageInUse:
    case StagingErrorCode.StaleEtag:
    case StagingErrorCode.BaseChanged:
    case DesignErrorCode.TemplateMigrationRequired:
    case DesignErrorCode.NothingToPublish:
      return a(409);
    case ContentErrorCode.UploadUrlExpired:
    case ContentErrorCode.UploadUrlUsed:
      return a(410);
    case DesignErrorCode.StaleDraft:
      return a(412);
    case ChangeSetErrorCode.NotOpen:
      return a(409);
    case ChangeSetErrorCode.Empty:
      return a(422);
    case ContentErrorCode.CommentDeleted:
    case StagingErrorCode.NotPublished:
    case StagingErrorCode.ArticleUnpublished:
    case StagingErrorCode.ChangeSetsUnavailable:
    case StagingErrorCode.NoStagedChanges:
    case StagingErrorCode.TitleRequired:
    case StagingErrorCode.NoTitle:
    case StagingErrorCode.CategoryInvalid:
    case StagingErrorCode.AuthorNotOnTeam:
    case StagingErrorCode.SharedWithNotOnTeam:
    case DesignErrorCode.TemplateInvalid:
      return a(422);
    case ContentErrorCode.StorageFailed:
      return a(500);
    default:
      return unmapped(code);
  }
}

/** Reached only when a code has no row above; the `never` makes that a compile error. */
function unmapped(code: never): never {
  throw new Error(`error code without a catalog entry: ${String(code)}`);
}

/** Every code of every domain, for tests and the OpenAPI document. */
export const ERROR_CODES: readonly ErrorCode[] = [
  ...Object.values(CommonErrorCode),
  ...Object.values(AuthErrorCode),
  ...Object.values(ContentErrorCode),
  ...Object.values(StagingErrorCode),
  ...Object.values(DesignErrorCode),
  ...Object.values(ChangeSetErrorCode),
];

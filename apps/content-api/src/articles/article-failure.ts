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
import { FieldFailure, LANGUAGE_KEY_CONSTRAINT } from '@hc/http';

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

/** The constraint of a create's title that is empty or blank (spec 2.3 rule 4). */
export const BLANK_TITLE_CONSTRAINT = 'blankTitle';

/**
 * What a refused article body is, from the DTO's failures, in the order of spec 7's table: no
 * title on a create (400), a blank one (500), a language key that is not a language (400), then
 * the field errors (422).
 */
export function articleFailureOf(
  failures: FieldFailure[],
  body: Record<string, unknown>,
  creating: boolean,
): ArticleFailure {
  const title = failures.find((f) => f.path === 'title');
  if (creating && title?.constraint === 'isDefined')
    return body.title === undefined ? { kind: 'title_required' } : { kind: 'blank_title' };
  if (creating && title?.constraint === BLANK_TITLE_CONSTRAINT) return { kind: 'blank_title' };
  const language = failures.find((f) => f.constraint === LANGUAGE_KEY_CONSTRAINT);
  if (language) return { kind: 'invalid_argument', message: language.message };
  const errors: FieldErrors = {};
  for (const f of failures) (errors[f.path] ??= []).push(f.message);
  return { kind: 'fields', errors };
}

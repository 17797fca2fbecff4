/**
 * The error model of spec 7. Domain code throws `ApiError`s built by these factories; the one
 * exception filter in `@hc/http` renders them. Body shapes:
 *  (a) {status: 'error', code, message, ...extra}
 *  (b) {status: 'validation_error', message, errors: {field: [messages]}}
 *  (c) {message, errors}                    (no status)
 *  (d) {status: 'unauthorized'}
 *  (e) {message: 'Too Many Attempts.'}      (429, with Retry-After)
 *  (f) {error, error_description, hint, message}   (OAuth)
 */

import {
  AuthErrorCode,
  CommonErrorCode,
  DesignErrorCode,
  ErrorCode,
  errorEntry,
} from './error-catalog';

/** How the error renders when the request has no `Accept: application/json` (spec 4.1 rule 3). */
export type ErrorRendering =
  /** JSON whatever the Accept header says. */
  | 'json'
  /** HTML without `Accept: application/json` (405, most 429s, 500). */
  | 'html-unless-json'
  /** Always an HTML page (unknown paths, unknown ids on some routes). */
  | 'html';

export type ErrorBody = Record<string, unknown>;
export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly rendering: ErrorRendering = 'json',
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${status}`);
    this.name = 'ApiError';
  }

  /** True for input errors that some GET routes answer with a 302 instead (spec 4.1 rule 3). */
  get isInvalidInput(): boolean {
    return this.body.status === 'validation_error' || this.status === 422;
  }
}

export const DEFAULT_VALIDATION_MESSAGE = 'The request could not be accepted.';

/** Shape (a), with the status the catalog gives the code (spec 7). */
export function apiError(
  code: ErrorCode,
  message: string,
  extra: ErrorBody = {},
  rendering: ErrorRendering = 'json',
): ApiError {
  return new ApiError(
    errorEntry(code).status,
    { status: 'error', code, message, ...extra },
    rendering,
  );
}

/** Shape (b). */
export function validationError(
  errors: FieldErrors,
  message: string = DEFAULT_VALIDATION_MESSAGE,
  status = 422,
): ApiError {
  return new ApiError(status, { status: 'validation_error', message, errors });
}

/** Shape (b) for one field. */
export function fieldError(
  field: string,
  fieldMessage: string,
  message?: string,
  status = 422,
): ApiError {
  return validationError({ [field]: [fieldMessage] }, message, status);
}

/** Shape (c): `{message, errors}` with no `status` (for example PATCH /articles/{id}). */
export function plainValidationError(errors: FieldErrors, status = 422): ApiError {
  const first = Object.values(errors)[0]?.[0] ?? DEFAULT_VALIDATION_MESSAGE;
  return new ApiError(status, { message: first, errors });
}

/** Shape (d). */
export function unauthorized(): ApiError {
  return new ApiError(errorEntry(AuthErrorCode.Unauthorized).status, {
    status: AuthErrorCode.Unauthorized,
  });
}

/** Shape (e). */
export function tooManyAttempts(
  retryAfterSeconds: number,
  rendering: ErrorRendering = 'html-unless-json',
): ApiError {
  return new ApiError(429, { message: 'Too Many Attempts.' }, rendering, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
}

/** Shape (f). */
export function oauthError(
  status: number,
  error: string,
  description: string,
  hint?: string,
): ApiError {
  return new ApiError(status, {
    error,
    error_description: description,
    hint: hint ?? description,
    message: description,
  });
}

export function insufficientScope(scope: string): ApiError {
  return apiError(AuthErrorCode.InsufficientScope, `This action requires the ${scope} scope.`);
}

/** The codes of a 404 in shape (a). */
export type NotFoundCode =
  | typeof CommonErrorCode.NotFound
  | typeof DesignErrorCode.ComponentNotFound
  | typeof DesignErrorCode.VersionNotFound;

/** Unknown path, or an unknown id where spec 4.1 rule 3 says the 404 is an HTML page. */
export function htmlNotFound(): ApiError {
  return new ApiError(404, { message: 'Not Found' }, 'html');
}

/** Shape (a) 404 with the resource's own message (`Article not found.`). */
export function notFound(message: string, code: NotFoundCode = CommonErrorCode.NotFound): ApiError {
  return apiError(code, message);
}

export function methodNotAllowed(allow: string[]): ApiError {
  return new ApiError(
    405,
    { message: 'The method is not supported for this route.' },
    'html-unless-json',
    {
      Allow: allow.join(', '),
    },
  );
}

export function payloadTooLarge(): ApiError {
  return new ApiError(
    413,
    { message: 'The request body is larger than 32 MB.' },
    'html-unless-json',
  );
}

export function internalError(errorId: string, message = 'Server Error'): ApiError {
  return new ApiError(500, { message, error_id: errorId }, 'html-unless-json');
}

/** The field name as messages show it: `category_id` → `category id` (spec 7 wording). */
export function fieldLabel(field: string): string {
  return field.replace(/_/g, ' ');
}

/** Message templates in the spec's wording, shared by DTOs and hand-written checks. */
export const messages = {
  required: (f: string) => `The ${fieldLabel(f)} field is required.`,
  boolean: (f: string) => `The ${fieldLabel(f)} field must be true or false.`,
  string: (f: string) => `The ${fieldLabel(f)} field must be a string.`,
  integer: (f: string) => `The ${fieldLabel(f)} field must be an integer.`,
  array: (f: string) => `The ${fieldLabel(f)} field must be an array.`,
  object: (f: string) => `The ${fieldLabel(f)} field must be an object.`,
  maxNumber: (f: string, n: number) => `The ${fieldLabel(f)} field must not be greater than ${n}.`,
  minNumber: (f: string, n: number) => `The ${fieldLabel(f)} field must be at least ${n}.`,
  maxString: (f: string, n: number) =>
    `The ${fieldLabel(f)} field must not be greater than ${n} characters.`,
  minString: (f: string, n: number) =>
    `The ${fieldLabel(f)} field must be at least ${n} characters.`,
  maxItems: (f: string, n: number) =>
    `The ${fieldLabel(f)} field must not have more than ${n} items.`,
  selectedInvalid: (f: string) => `The selected ${fieldLabel(f)} is invalid.`,
  url: (f: string) => `The ${fieldLabel(f)} field must be a valid URL.`,
  date: (f: string) => `The ${fieldLabel(f)} field must be a valid date.`,
  /** A string with an unpaired UTF-16 surrogate (`"\ud800"` is valid JSON; no column stores it). */
  text: (f: string) => `The ${fieldLabel(f)} field must be valid Unicode text.`,
};

/** With the `u` flag a surrogate pair is one code point, so only an unpaired half matches. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * The paths (`title.en`, `items.2.name`) of the strings in `value` that are not well-formed
 * UTF-16: a lone surrogate, which JSON allows (`"\ud800"`) but UTF-8 and so the database cannot
 * hold (issue 34 item 7). Keys count as text too (`path` of the object holding them). Iterative.
 */
export function illFormedTextPaths(value: unknown, prefix = ''): string[] {
  const found: string[] = [];
  const stack: Array<[unknown, string]> = [[value, prefix]];
  while (stack.length) {
    const [v, path] = stack.pop() as [unknown, string];
    if (typeof v === 'string') {
      if (LONE_SURROGATE.test(v)) found.push(path);
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v as Record<string, unknown>);
      if (entries.some(([k]) => LONE_SURROGATE.test(k))) found.push(path);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i];
        stack.push([child, path ? `${path}.${k}` : k]);
      }
    }
  }
  return found;
}

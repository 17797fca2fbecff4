import { ApiRequestError } from '../api/client';

/**
 * The API's own messages per field of a 422 answer (`errors: { field: [message] }`), for the
 * form to show next to each field (issue 38 "Bad input"); empty for any other error.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiRequestError) || error.status !== 422) return {};
  const errors = (error.body as { errors?: Record<string, unknown> } | null)?.errors ?? {};
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [
      field,
      Array.isArray(messages) ? String(messages[0]) : String(messages),
    ]),
  );
}

/** The message of an error that names no field (a refusal of the whole form), else null. */
export function formError(error: unknown): string | null {
  if (!error || Object.keys(fieldErrors(error)).length > 0) return null;
  if (error instanceof ApiRequestError && error.status === 429)
    return 'Too many attempts for now. Try again later.';
  return error instanceof Error ? error.message : 'Something went wrong. Try again.';
}

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

/**
 * The message of an error no field of the form shows (a refusal of the whole form), else null.
 * `shownOnFields`: the fields the form has; a 422 naming another field is said here instead.
 */
export function formError(error: unknown, shownOnFields?: string[]): string | null {
  if (!error) return null;
  const byField = Object.entries(fieldErrors(error));
  if (byField.length > 0) {
    const elsewhere = byField.filter(([field]) => shownOnFields && !shownOnFields.includes(field));
    return elsewhere.length ? elsewhere.map(([, message]) => message).join(' ') : null;
  }
  if (error instanceof ApiRequestError && error.status === 429)
    return 'Too many attempts for now. Try again later.';
  return error instanceof Error ? error.message : 'Something went wrong. Try again.';
}

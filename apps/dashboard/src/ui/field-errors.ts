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

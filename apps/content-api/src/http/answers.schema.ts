/**
 * The pieces of content-api's OpenAPI answers that several folders share (issue 35 item 6): the
 * error answers of spec 7 most routes give, the `Confirmation` component, the example of a paged
 * list. Each folder's `*.schema.ts` holds its own components and answers beside its mappers;
 * `openapi.responses.ts` only gathers them.
 */
import { confirmation, fails, html, namedError, redirect, refused, shared } from '@hc/http';

/** `{status: success, message}` (the `Confirmation` component). */
export const CONFIRMATION = confirmation();

/** The shared 422: invalid fields (shape (b) of spec 7, or (a) with a code). */
export const validation = shared(
  'ValidationFailed',
  refused('Invalid fields (shape (b) of spec 7, or (a) with a code).', {
    status: 'validation_error',
    message: 'The request could not be accepted.',
    errors: { limit: ['The limit field must not be greater than 100.'] },
  }),
);
export const badRequest = refused('Invalid input (spec 7: language key, page size, category id).');
export const htmlNotFound = html('Unknown id: the HTML not-found page (spec 4.1 rule 3).');
/** A JSON 404 with `message`, shared under a name made of it. */
export const notFoundJson = (message: string) =>
  namedError(message, { status: 'error', code: 'not_found', message });
export const invalidRedirect = shared(
  'InvalidInputRedirect',
  redirect('Invalid input without `Accept: application/json` (spec 4.1 rule 3).'),
);
/** A 409 (shape (a) of spec 7) with the operation's own description. */
export const conflict = (description: string) => fails(description);

/** A paged list `{status, <name>: [...], meta}` (spec 4.2) with an example of one item. */
export const pagedExample = (name: string, example: unknown) => ({
  status: 'success',
  [name]: [example],
  meta: { page: 1, per_page: 100, total_pages: 1, items_count: 1 },
});

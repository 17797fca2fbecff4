/**
 * The one response wrapper of the REST answers (issue 35 item 6): services return the domain
 * value (the object, the list with its meta, a `{ message }`), and the controller alone wraps it.
 * `status` comes first, then the body's keys in their own order, so the JSON stays byte-identical
 * to the spec's answers (`{"status":"success","data":…}`, with `meta` for lists, `message` for
 * some writes).
 */
export type Success<T extends object> = { status: 'success' } & T;

export function wrapSuccess<T extends object>(body: T): Success<T> {
  return { status: 'success', ...body };
}

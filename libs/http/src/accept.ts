import type { Request } from 'express';

/** `Accept: application/json` (or any `+json`/`*\/json`) asks for JSON errors (spec 4.1 rule 3). */
export function wantsJson(req: Pick<Request, 'headers'>): boolean {
  const accept = req.headers.accept;
  return typeof accept === 'string' && /(^|[\s,/+])json\b/i.test(accept);
}

// Tool input schemas. zod's v3 API (shipped inside zod 4) gives the spec's wording for unknown
// arguments: "Unrecognized key(s) in object: '<name>'" (spec 4.14).
import { z } from 'zod/v3';

export { z };

/** Spec 4.14 rule 1: two letters, optionally a hyphen and two more (zh-Hans, fil, mul refused). */
export const LANGUAGE_KEY = /^[a-z]{2}(-[A-Za-z]{2})?$/;
export const LANGUAGE_KEY_MESSAGE =
  'Language keys are two letters, optionally followed by a hyphen and two more letters (for example en, de, de-AT).';

export const language = () => z.string().regex(LANGUAGE_KEY, LANGUAGE_KEY_MESSAGE);

/** A per-language text: an object keyed by language code. */
export const languageMap = (what: string) =>
  z
    .record(z.string())
    .superRefine((map, ctx) => {
      for (const key of Object.keys(map)) {
        if (!LANGUAGE_KEY.test(key)) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            message: `${LANGUAGE_KEY_MESSAGE} Got "${key}".`,
            path: [key],
          });
        }
      }
    })
    .describe(`${what}, keyed by language code, e.g. {"en": "…", "de": "…"}`);

export const id = (what: string) => z.number().int().positive().describe(what);

export const responseFormat = z
  .enum(['markdown', 'json'])
  .optional()
  .describe(
    'markdown (default): a short summary without article bodies; json: the full API response',
  );

export const page = z.number().int().min(1).optional().describe('Page number, from 1');

export type Shape = z.ZodRawShape;

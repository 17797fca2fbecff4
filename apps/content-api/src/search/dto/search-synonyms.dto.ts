import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';
import { messages } from '@hc/contracts';
import { BodyFrom, QueryText, readQuery } from '@hc/http';

/** Issue 40: a site's synonym groups per language, bounded so matching stays bounded. */
export const SYNONYM_GROUPS_MAX = 500;
export const SYNONYM_WORDS_MIN = 2;
export const SYNONYM_WORDS_MAX = 20;
export const SYNONYM_CHARS_MAX = 64;

const GROUPS_INVALID = `The groups field must be a list of at most ${SYNONYM_GROUPS_MAX} groups, each a list of ${SYNONYM_WORDS_MIN} to ${SYNONYM_WORDS_MAX} words of 1 to ${SYNONYM_CHARS_MAX} characters.`;

function isWord(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  const n = Array.from(v.trim()).length;
  return n >= 1 && n <= SYNONYM_CHARS_MAX && !/[\u0000-\u001f\u007f]/.test(v);
}

function groupsValid(v: unknown): boolean {
  return (
    Array.isArray(v) &&
    v.length <= SYNONYM_GROUPS_MAX &&
    v.every(
      (g) =>
        Array.isArray(g) &&
        g.length >= SYNONYM_WORDS_MIN &&
        g.length <= SYNONYM_WORDS_MAX &&
        g.every(isWord),
    )
  );
}

/** GET /search/synonyms: `lang` a site language, default the site's default language. */
@BodyFrom(readQuery)
export class SearchSynonymsQuery {
  @QueryText("One of the site's languages; default the site's default language", 'en')
  lang?: string;
}

/** PUT /search/synonyms: replaces the language's groups (an empty list removes them all). */
export class SearchSynonymsDto {
  @ApiProperty({
    type: 'string',
    required: false,
    description: "One of the site's languages; default the site's default language",
    example: 'en',
  })
  @ValidateBy({
    name: 'isLang',
    validator: {
      validate: (v: unknown) => v === undefined || typeof v === 'string',
      defaultMessage: () => messages.selectedInvalid('lang'),
    },
  })
  lang?: string;

  @ApiProperty({
    type: 'array',
    items: {
      type: 'array',
      minItems: SYNONYM_WORDS_MIN,
      maxItems: SYNONYM_WORDS_MAX,
      items: { type: 'string', minLength: 1, maxLength: SYNONYM_CHARS_MAX },
    },
    maxItems: SYNONYM_GROUPS_MAX,
    description:
      'Groups of words a search treats as the same (each word of a group finds the others). ' +
      'Words are compared without case and accents; a word may be in several groups.',
    example: [
      ['invoice', 'bill', 'receipt'],
      ['sign in', 'login'],
    ],
  })
  @ValidateBy({
    name: 'synonymGroups',
    validator: { validate: groupsValid, defaultMessage: () => GROUPS_INVALID },
  })
  groups!: string[][];
}

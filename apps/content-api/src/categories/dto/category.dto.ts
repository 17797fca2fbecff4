import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';
import { CATEGORY_FIELDS, messages } from '@hc/contracts';
import { isLanguageCode, unsupportedLanguageMessage } from '@hc/content';
import { BodyFrom, Field, subFieldMessage } from '@hc/http';

/** A language map as the DTO holds it: `[]` is an empty map (spec 2.1). */
export type LanguageMapBody = Record<string, string | number | null> | [];

/** Category language maps: keys are language codes; 422 on the field otherwise (spec 2.1). */
const LANGUAGES = { isLanguage: isLanguageCode, languageKeyMessage: unsupportedLanguageMessage };

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** `parent`, the name the read uses, is read as `parent_id` too (docs/decisions.md). */
function readParentAlias(raw: unknown): unknown {
  if (!isObject(raw) || raw.parent_id !== undefined || raw.parent === undefined) return raw;
  return { ...raw, parent_id: raw.parent };
}

/** The fields POST and PATCH /categories share (spec 4.6); the parent link is `parent_id`. */
@BodyFrom(readParentAlias)
class CategoryFieldsDto {
  @Field(CATEGORY_FIELDS.description, LANGUAGES)
  description?: LanguageMapBody | null;

  @Field(CATEGORY_FIELDS.parent_id)
  parent_id?: number | string | null;

  @Field(CATEGORY_FIELDS.icon)
  icon?: string | null;

  @Field(CATEGORY_FIELDS.position)
  position?: number | null;
}

/** POST /categories: `name` required; categories made through the API are public. */
export class CreateCategoryDto extends CategoryFieldsDto {
  @Field(CATEGORY_FIELDS.name, { ...LANGUAGES, required: true })
  name!: LanguageMapBody;
}

/** PATCH /categories/{id}: every field optional; the name cannot be cleared. */
export class UpdateCategoryDto extends CategoryFieldsDto {
  @Field(CATEGORY_FIELDS.name, { ...LANGUAGES, nullMessage: 'The name field cannot be cleared.' })
  name?: LanguageMapBody;
}

/** An element of an order array: a positive id (digits accepted), or the message against it. */
function orderProblem(value: unknown): string | null {
  if (value === undefined || value === null) return messages.required('order');
  if (!Array.isArray(value)) return messages.array('order');
  const seen = new Set<number>();
  for (const [i, v] of value.entries()) {
    const n = typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1)
      return subFieldMessage(String(i), messages.integer(`order.${i}`));
    if (seen.has(n))
      return subFieldMessage(String(i), `The order.${i} field has a duplicate value.`);
    seen.add(n);
  }
  return null;
}

/**
 * The body of the order endpoints: ids in the wanted order under `order`. A bare JSON array and
 * the plural resource name (`categories` / `articles`) are read too (docs/decisions.md).
 */
function idOrderBody(alias: string) {
  return (raw: unknown): unknown => {
    if (Array.isArray(raw)) return { order: raw };
    if (!isObject(raw)) return raw;
    return { order: raw.order ?? raw[alias] };
  };
}

class IdOrderDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'integer', minimum: 1 },
    description: 'Ids in the wanted order. A bare JSON array is read as this field.',
    example: [4, 2, 9],
  })
  @ValidateBy({
    name: 'idOrder',
    validator: {
      validate: (v: unknown) => orderProblem(v) === null,
      defaultMessage: (args) => orderProblem(args?.value) ?? '',
    },
  })
  order!: Array<number | string>;

  /** The ids as numbers, once checked. */
  ids(): number[] {
    return this.order.map(Number);
  }
}

/** PUT /categories/order (spec 4.6). */
@BodyFrom(idOrderBody('categories'))
export class CategoryOrderDto extends IdOrderDto {}

/** PUT /categories/{id}/articles/order (spec 4.6). */
@BodyFrom(idOrderBody('articles'))
export class ArticleOrderDto extends IdOrderDto {}

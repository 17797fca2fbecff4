import 'reflect-metadata';
import type { FieldSpec } from '@hc/contracts';
import { Field, fieldSchema, nullableFieldSchema } from './field.decorator';
import { BodyFrom, checkDto, fieldErrorsOf } from './validation.pipe';

const map: FieldSpec = { kind: 'languageMap', maxLength: 5, description: 'Text per language' };
const seo: FieldSpec = {
  kind: 'object',
  null: 'ignored',
  description: 'SEO',
  fields: { title: { ...map, null: 'ignored' }, description: { ...map, null: 'ignored' } },
};
const isLanguage = (code: string) => ['en', 'de'].includes(code);

@BodyFrom((raw) => (Array.isArray(raw) ? { ids: raw } : raw))
class Sample {
  @Field(map, { isLanguage, required: true, languageKeyMessage: (c) => `No ${c}.` })
  title!: unknown;

  @Field(seo, { isLanguage })
  metadata?: unknown;

  @Field({ kind: 'ids', null: 'clears', description: 'Ids' })
  ids?: unknown;

  @Field({ kind: 'text', description: 'Name' }, { nullMessage: 'The name cannot be cleared.' })
  name?: unknown;
}

const errorsOf = (body: unknown) => {
  const r = checkDto(Sample, body);
  return r.ok ? null : fieldErrorsOf(r.failures);
};
const constraintsOf = (body: unknown) => {
  const r = checkDto(Sample, body);
  return r.ok ? [] : r.failures.map((f) => `${f.path}:${f.constraint}`);
};

describe('@Field: checks from the field table (issue 21)', () => {
  it('files a part of a field under its path, one message per field', () => {
    expect(errorsOf({ title: { en: 'toolong' } })).toEqual({
      'title.en': ['The title.en field must not be greater than 5 characters.'],
    });
  });

  it('judges every sub-field of an object, and a non-object once', () => {
    expect(
      errorsOf({ title: { en: 'a' }, metadata: { title: { en: 'x'.repeat(6) }, description: 3 } }),
    ).toEqual({
      'metadata.title.en': ['The metadata.title.en field must not be greater than 5 characters.'],
      'metadata.description': ['The metadata.description field must be an object.'],
    });
    expect(errorsOf({ title: { en: 'a' }, metadata: 'x' })).toEqual({
      metadata: ['The metadata field must be an object.'],
    });
  });

  it('names a key that is not a language as its own constraint, nested ones too', () => {
    expect(constraintsOf({ title: { fr: 'a' } })).toEqual(['title:languageKey']);
    expect(errorsOf({ title: { fr: 'a' } })).toEqual({ title: ['No fr.'] });
    expect(constraintsOf({ title: { en: 'a' }, metadata: { title: { xx: 'a' } } })).toEqual([
      'metadata.title:languageKey',
    ]);
  });

  it('required, null as the entry says, and the DTO’s own null message', () => {
    expect(errorsOf({})).toEqual({ title: ['The title field is required.'] });
    expect(errorsOf({ title: [], ids: null, metadata: null })).toBeNull();
    expect(errorsOf({ title: [], name: null })).toEqual({ name: ['The name cannot be cleared.'] });
  });

  it('reads a body in another form through @BodyFrom; unknown fields are dropped', () => {
    expect(errorsOf([1, 'x'])).toEqual({
      title: ['The title field is required.'],
      ids: ['The ids field must be an integer.'],
    });
    const r = checkDto(Sample, { title: { en: 'a' }, surprise: 1 });
    expect(r.ok && 'surprise' in r.value).toBe(false);
  });
});

describe('@Field: OpenAPI 3.1 nullability of request fields', () => {
  it('a field that reads null (ignored or none) admits it: anyOf with {type: null}, words beside', () => {
    const spec: FieldSpec = {
      kind: 'integer',
      minimum: 0,
      null: 'clears',
      description: 'Parent id',
      example: 4,
    };
    expect(nullableFieldSchema(spec)).toEqual({
      description: 'Parent id. null: none.',
      example: 4,
      anyOf: [{ type: 'integer', minimum: 0 }, { type: 'null' }],
    });
  });

  it('a language map’s text may be null (it clears that language); an object’s sub-fields say their own null', () => {
    expect(fieldSchema(map)).toMatchObject({
      type: 'object',
      additionalProperties: { type: ['string', 'null'], maxLength: 5 },
    });
    const properties = (fieldSchema(seo) as { properties: Record<string, { anyOf?: unknown[] }> })
      .properties;
    expect(properties.title.anyOf).toEqual([
      { type: 'object', additionalProperties: { type: ['string', 'null'], maxLength: 5 } },
      { type: 'null' },
    ]);
  });
});

import { checkDto, fieldErrorsOf, readQuery } from '@hc/http';
import { DraftQuery, SchemaQuery, schemaTypes } from './template-query.dto';

function errors<T extends object>(type: new () => T, query: Record<string, unknown>) {
  const r = checkDto(type, readQuery(query));
  return r.ok ? {} : fieldErrorsOf(r.failures);
}

describe('design query DTOs (spec 4.12)', () => {
  it('requires page, region and id only for the sections that read them', () => {
    expect(errors(DraftQuery, { section: 'page' })).toEqual({
      page: ['The page field is required.'],
    });
    expect(errors(DraftQuery, { section: 'region', page: 'home' })).toEqual({
      region: ['The region field is required.'],
    });
    expect(errors(DraftQuery, { section: 'component' })).toEqual({
      id: ['The id field is required.'],
    });
    expect(errors(DraftQuery, { section: 'scripts' })).toEqual({});
    expect(errors(DraftQuery, {})).toEqual({});
  });

  it('judges a part only where it is read', () => {
    expect(errors(DraftQuery, { section: 'component', id: 'x', page: 'blog' })).toEqual({
      page: ['The selected page is invalid.'],
    });
    expect(errors(DraftQuery, { section: 'brand', page: 'blog', region: 'sky' })).toEqual({});
    expect(errors(DraftQuery, { page: 'blog' })).toEqual({});
    expect(errors(DraftQuery, { section: 'everything', page: 'blog' })).toEqual({
      section: ['The selected section is invalid.'],
    });
    expect(errors(DraftQuery, { section: 'scripts', id: ['a', 'b'] })).toEqual({
      id: ['The id field must be a string.'],
    });
  });

  it('reads types for topic=components: at most 8 known types', () => {
    expect(schemaTypes(' Hero, ,ContactForm,Hero')).toEqual(['Hero', 'ContactForm']);
    expect(errors(SchemaQuery, { topic: 'components', types: 'Hero,Carousel' })).toEqual({
      types: ['Unknown component type "Carousel".'],
    });
    expect(errors(SchemaQuery, { topic: 'css', types: 'Carousel' })).toEqual({});
    const nine = Array.from({ length: 9 }, (_, i) => `T${i}`).join(',');
    expect(errors(SchemaQuery, { topic: 'components', types: nine })).toEqual({
      types: ['The types field must not have more than 8 items.'],
    });
  });
});

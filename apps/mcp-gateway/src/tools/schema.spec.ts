import { ARTICLE_FIELDS, CATEGORY_FIELDS, EXTERNAL_ID_MAX, STAGED_FIELDS } from '@hc/contracts';
import { articleTools } from './articles.tools';
import { categoryTools } from './categories.tools';
import { z } from './schema';
import { stagedTools } from './staged.tools';

const tool = (suffix: string) =>
  [...articleTools, ...categoryTools, ...stagedTools].find((t) => t.suffix === suffix)!;
const accepts = (suffix: string, args: unknown) =>
  z
    .object(tool(suffix).input as z.ZodRawShape)
    .strict()
    .safeParse(args).success;

describe('tool arguments from the REST field table (issue 21 item 6)', () => {
  it('kb_create_article takes every writable field of the article DTO, nothing else', () => {
    expect(Object.keys(tool('create_article').input).sort()).toEqual(
      Object.keys(ARTICLE_FIELDS).sort(),
    );
    expect(Object.keys(tool('create_category').input).sort()).toEqual(
      Object.keys(CATEGORY_FIELDS).sort(),
    );
    const staged = Object.keys(tool('stage_article_changes').input);
    expect(staged.sort()).toEqual(['article_id', ...Object.keys(STAGED_FIELDS)].sort());
  });

  it('keeps the DTO’s bounds and values', () => {
    const title = { en: 'T' };
    expect(accepts('create_article', { title, external_id: 'x'.repeat(EXTERNAL_ID_MAX) })).toBe(
      true,
    );
    expect(accepts('create_article', { title, external_id: 'x'.repeat(EXTERNAL_ID_MAX + 1) })).toBe(
      false,
    );
    expect(accepts('create_article', { title, visibility: 'secret' })).toBe(false);
    expect(accepts('create_article', { title, metadata: { title: { en: 'x'.repeat(61) } } })).toBe(
      false,
    );
    expect(
      accepts('stage_article_changes', { article_id: 1, locale: 'en', slug: 'x'.repeat(191) }),
    ).toBe(false);
    // null where the REST field reads it as "none"
    expect(accepts('update_category', { id: 1, parent_id: null })).toBe(true);
    expect(accepts('create_article', { title, category_id: null })).toBe(true);
  });

  it('stays strict, with the tool language-key rule (spec 4.14 rule 1)', () => {
    const title = { en: 'T' };
    expect(accepts('create_article', { title, site: 2 })).toBe(false);
    expect(accepts('create_article', { title, metadata: { title, keywords: 'x' } })).toBe(false);
    expect(accepts('create_article', { title: { 'zh-Hans': 'T' } })).toBe(false);
    expect(accepts('create_article', { title, metadata: { description: { fil: 'x' } } })).toBe(
      false,
    );
  });
});

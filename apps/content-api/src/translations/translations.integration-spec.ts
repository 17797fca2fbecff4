import { expectValidationErrors, startTestApp, TestApp, TestSite } from '@hc/testing';
import { createContentApi } from '../app.factory';
import { run } from '../cli';
import { INTERFACE_TEXT_KEYS } from '@hc/content';

describe('interface texts: GET /translations (spec 2.10, 4.4)', () => {
  let t: TestApp, site: TestSite, other: TestSite, key: string, otherKey: string;

  const get = (query = '', k = key) => t.request('GET', `/v1/translations${query}`, { key: k });
  const textOf = (body: { translations: { key: string; text: string }[] }, k: string) =>
    body.translations.find((i) => i.key === k)?.text;

  beforeAll(async () => {
    t = await startTestApp(createContentApi);
    site = await t.factory.site({
      defaultLanguage: 'de',
      languages: ['de', 'en', 'fr', 'es', 'ja'],
    });
    other = await t.factory.site({ languages: ['en', 'de'] });
    key = await t.factory.key(site, { scope: 'read' });
    otherKey = await t.factory.key(other, { scope: 'read' });
  });
  afterAll(() => t.close());

  it('answers the default language’s texts without lang, with meta', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.lang).toBe('de');
    expect(res.body.translations).toHaveLength(INTERFACE_TEXT_KEYS.length);
    expect(INTERFACE_TEXT_KEYS.length).toBeGreaterThanOrEqual(40);
    expect(res.body.translations[0]).toEqual({
      key: 'header.home',
      text: 'Startseite',
      default: 'Startseite',
      overridden: false,
    });
    expect(textOf(res.body, 'feedback.question')).toBe('War dieser Artikel hilfreich?');
    expect(res.body.meta).toEqual({
      items_count: INTERFACE_TEXT_KEYS.length,
      overridden_count: 0,
      default_language: 'de',
      site_languages: ['de', 'en', 'fr', 'es', 'ja'],
    });
  });

  it('lists plural texts as one key per Intl.PluralRules category; meta keeps its four counts (issue #27)', async () => {
    const res = await get('?lang=fr');
    const keys = (res.body.translations as { key: string }[]).map((i) => i.key);
    expect(keys).not.toContain('category.articles_count');
    for (const form of ['one', 'many', 'other'])
      expect(keys).toContain(`category.articles_count.${form}`);
    expect(textOf(res.body, 'category.articles_count.one')).toBe('{count} article');
    expect(textOf(res.body, 'category.articles_count.other')).toBe('{count} articles');
    expect(Object.keys(res.body.meta).sort()).toEqual([
      'default_language',
      'items_count',
      'overridden_count',
      'site_languages',
    ]);
  });

  it.each([
    ['en', 'Was this article helpful?', 'Search for articles…'],
    ['fr', 'Cet article vous a-t-il été utile ?', 'Rechercher des articles…'],
    ['es', '¿Te resultó útil este artículo?', 'Buscar artículos…'],
    ['ja', 'Was this article helpful?', 'Search for articles…'],
  ])(
    'has defaults for %s (English for languages without their own)',
    async (lang, question, placeholder) => {
      const res = await get(`?lang=${lang}`);
      expect(res.body.lang).toBe(lang);
      expect(textOf(res.body, 'feedback.question')).toBe(question);
      expect(textOf(res.body, 'search.placeholder')).toBe(placeholder);
    },
  );

  it('refuses a language the site lacks with 422', async () => {
    const res = await get('?lang=it');
    expectValidationErrors(res, { lang: ['The selected lang is invalid.'] });
  });

  it('applies the site’s overrides per language and counts them; other sites keep the defaults', async () => {
    await run('interface-text set', {
      site: String(site.id),
      lang: 'en',
      key: 'feedback.question',
      text: 'Did this answer your question?',
    });
    await run('interface-text set', {
      site: String(site.id),
      lang: 'en',
      key: 'search.button',
      text: 'Go',
    });
    const en = await get('?lang=en');
    expect(
      en.body.translations.find((i: { key: string }) => i.key === 'feedback.question'),
    ).toEqual({
      key: 'feedback.question',
      text: 'Did this answer your question?',
      default: 'Was this article helpful?',
      overridden: true,
    });
    expect(en.body.meta.overridden_count).toBe(2);
    expect((await get('?lang=de')).body.meta.overridden_count).toBe(0);
    const theirs = await get('?lang=en', otherKey);
    expect(textOf(theirs.body, 'feedback.question')).toBe('Was this article helpful?');
    expect(theirs.body.meta).toMatchObject({
      overridden_count: 0,
      default_language: 'en',
      site_languages: ['en', 'de'],
    });

    await run('interface-text set', {
      site: String(site.id),
      lang: 'en',
      key: 'search.button',
      text: '',
    });
    expect((await get('?lang=en')).body.meta.overridden_count).toBe(1);
  });

  it('the operator command refuses unknown keys and languages the site lacks', async () => {
    await expect(
      run('interface-text set', { site: String(site.id), lang: 'en', key: 'nope', text: 'x' }),
    ).rejects.toMatchObject({ body: { errors: { key: ['The selected key is invalid.'] } } });
    await expect(
      run('interface-text set', {
        site: String(site.id),
        lang: 'it',
        key: 'search.button',
        text: 'x',
      }),
    ).rejects.toMatchObject({ body: { errors: { lang: ['The selected lang is invalid.'] } } });
  });
});

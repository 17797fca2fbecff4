import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pluralKey } from '@hc/content';
import { categoryIcon, LUCIDE_ICON_NAMES, parseCategoryIcon } from './icons';
import { Texts } from './text';

describe('category icons (spec 2.4 icon, issue #27)', () => {
  it('maps Lucide names and common aliases to the shipped SVG', () => {
    expect(parseCategoryIcon('rocket')).toEqual({ kind: 'lucide', name: 'rocket' });
    expect(parseCategoryIcon(' Credit_Card ')).toEqual({ kind: 'lucide', name: 'credit-card' });
    expect(parseCategoryIcon('billing')).toEqual({ kind: 'lucide', name: 'credit-card' });
    expect(parseCategoryIcon('home')).toEqual({ kind: 'lucide', name: 'house' });
    const html = categoryIcon('rocket')!.value;
    expect(html).toMatch(
      /^<span class="hc-icon hc-icon-lucide" aria-hidden="true" data-icon="rocket"><svg aria-hidden="true" focusable="false" class="lucide lucide-rocket"/,
    );
    expect(html).not.toContain('\n');
    for (const name of LUCIDE_ICON_NAMES) expect(categoryIcon(name)!.value).toContain('<svg');
  });

  it('ships exactly the SVG lucide-static has for each listed icon (generated, not the package)', () => {
    // Issue 36 item 8: the image carries these strings, not lucide-static (a devDependency).
    const script = path.resolve(__dirname, '../../../../tools/scripts/icons.cjs');
    const check = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    expect(LUCIDE_ICON_NAMES).toHaveLength(48);
  });

  it('shows emoji as text, https images as <img>, and nothing for anything else', () => {
    expect(categoryIcon('🚀')!.value).toBe(
      '<span class="hc-icon hc-icon-emoji" aria-hidden="true">🚀</span>',
    );
    expect(parseCategoryIcon('👩🏽‍💻')).toEqual({ kind: 'emoji', text: '👩🏽‍💻' });
    expect(parseCategoryIcon('🇩🇪')).toEqual({ kind: 'emoji', text: '🇩🇪' });
    expect(categoryIcon('https://cdn.example.com/a.svg?x=1&y=2')!.value).toContain(
      '<img src="https://cdn.example.com/a.svg?x=1&amp;y=2" alt="" width="24" height="24" loading="lazy">',
    );
    for (const bad of [
      'flux-capacitor',
      'http://cdn.example.com/a.png',
      'javascript:alert(1)',
      'https://x.example/"onerror="alert(1)',
      '<svg onload=alert(1)>',
      'a🚀',
      '',
      null,
      undefined,
    ])
      expect(categoryIcon(bad)).toBeNull();
  });
});

describe('plural interface texts (Intl.PluralRules, issue #27)', () => {
  it('picks the plural key per language; unknown categories fall back to other', () => {
    expect(pluralKey('en', 'category.articles_count', 1)).toBe('category.articles_count.one');
    expect(pluralKey('en', 'category.articles_count', 0)).toBe('category.articles_count.other');
    expect(pluralKey('fr', 'category.articles_count', 0)).toBe('category.articles_count.one');
    expect(pluralKey('fr', 'category.articles_count', 1000000)).toBe(
      'category.articles_count.many',
    );
    expect(pluralKey('pl', 'category.articles_count', 3)).toBe('category.articles_count.other');
    expect(pluralKey('not a tag!', 'search.results_count', 1)).toBe('search.results_count.one');
  });

  it('renders counts in every shipped language; a site override of one form wins', () => {
    const cases: [string, number, string][] = [
      ['en', 1, '1 article'],
      ['en', 2, '2 articles'],
      ['de', 1, '1 Artikel'],
      ['fr', 1, '1 article'],
      ['fr', 5, '5 articles'],
      ['es', 1, '1 artículo'],
      ['es', 3, '3 artículos'],
    ];
    for (const [lang, n, text] of cases)
      expect(new Texts(lang, {}).plural('category.articles_count', n)).toBe(text);
    expect(new Texts('en', {}).plural('search.results_count', 1)).toBe('1 result');
    expect(new Texts('de', {}).plural('search.results_count', 2)).toBe('2 Ergebnisse');
    expect(new Texts('en', {}).plural('article.reading_time', 1, { minutes: 1 })).toBe(
      '1 min read',
    );
    const own = new Texts('en', { 'category.articles_count.one': 'Just {count} guide' });
    expect(own.plural('category.articles_count', 1)).toBe('Just 1 guide');
    expect(own.plural('category.articles_count', 4)).toBe('4 articles');
  });
});

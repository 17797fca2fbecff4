import {
  aiDraft,
  fullTextQuery,
  htmlToText,
  internalNote,
  markdownToHtml,
  noteMark,
  noteMarkIds,
  numberedSlug,
  slugify,
  stripInternalMarkup,
  isScriptUrl,
  mergeLanguageMap,
  readLanguageMap,
  unsupportedLanguageMessage,
} from './index';

describe('internal markup (spec 2.1: reads leave it out)', () => {
  it('removes internal notes and AI drafts awaiting review with their content', () => {
    const html = `<p>Intro</p>${internalNote('<p>secret</p>')}${aiDraft('<p>draft</p>')}<p>End</p>`;
    expect(stripInternalMarkup(html)).toBe('<p>Intro</p><p>End</p>');
  });

  it('unwraps team-note highlights and keeps the highlighted text', () => {
    const html = `<p>Click ${noteMark('m1', 'Save & close')} now</p>`;
    expect(stripInternalMarkup(html)).toBe('<p>Click Save &#x26; close now</p>');
    expect(noteMarkIds(html)).toEqual(['m1']);
  });

  it('handles nested markup', () => {
    const html = `<div><mark data-hc-note="a">one <aside data-hc-internal-note>x</aside>two</mark></div>`;
    expect(stripInternalMarkup(html)).toBe('<div>one two</div>');
  });

  it('returns content without markup untouched', () => {
    const html = '<p>Plain <mark>kept</mark> &amp; done</p>';
    expect(stripInternalMarkup(html)).toBe(html);
  });
});

describe('Markdown (spec 2.1)', () => {
  it('converts GitHub Flavored Markdown: tables, fenced code, task lists', () => {
    const html = markdownToHtml(
      '| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nx = 1\n```\n\n- [x] done\n- [ ] todo',
    );
    expect(html).toContain('<table>');
    expect(html).toContain('<td>1</td>');
    expect(html).toContain('<code class="language-js">x = 1\n</code>');
    expect(html).toContain('<input type="checkbox" checked disabled>');
  });

  it('lets raw HTML pass through', () => {
    expect(markdownToHtml('# Hi\n\n<div class="box">raw</div>')).toBe(
      '<h1>Hi</h1>\n<div class="box">raw</div>',
    );
  });

  it('drops javascript: links, keeping their text', () => {
    const html = markdownToHtml(
      '[click](javascript:alert(1)) and <a href=" JaVa\tscript:x">raw</a> [ok](https://a.test)',
    );
    expect(html).not.toMatch(/javascript/i);
    expect(html).toContain('click');
    expect(html).toContain('raw');
    expect(html).toContain('<a href="https://a.test">ok</a>');
  });

  it('recognises script URLs however they are padded', () => {
    expect(isScriptUrl(' java\nscript:alert(1)')).toBe(true);
    expect(isScriptUrl('https://x.test/javascript:')).toBe(false);
  });
});

describe('slugs (spec 2.3 rule 1)', () => {
  it('makes a valid slug from a title', () => {
    expect(slugify('  How to: Reset your Password?! ')).toBe('how-to-reset-your-password');
    expect(slugify('Passwörter ändern', 'de')).toBe('passwoerter-aendern');
    expect(slugify('こんにちは 世界')).toBe('こんにちは-世界');
    expect(slugify('!!!')).toBe('');
  });

  it('keeps slugs within 190 characters', () => {
    expect(slugify('word '.repeat(100)).length).toBeLessThanOrEqual(190);
    expect(numberedSlug('a'.repeat(190), 12)).toHaveLength(190);
    expect(numberedSlug('faq', 2)).toBe('faq-2');
  });
});

describe('search text', () => {
  it('extracts readable text without internal markup', () => {
    expect(htmlToText(`<h1>Title</h1><p>Body ${internalNote('hidden')}<b>bold</b></p>`)).toBe(
      'Title Body bold',
    );
  });

  it('builds a boolean query of required prefixes without stopwords or short words', () => {
    expect(fullTextQuery('How to reset the password')).toBe('+reset* +password*');
    expect(fullTextQuery('"+a -b"')).toBeNull();
    expect(fullTextQuery('Passwörter')).toBe('+passwörter*');
  });
});

describe('language maps (spec 2.1)', () => {
  const site = { defaultLanguage: 'en', languages: ['en', 'de'] };
  it('reads strings, clears with empty or null, refuses other languages', () => {
    expect(readLanguageMap({ en: ' Hi ', de: '' }, site)).toEqual({
      ok: true,
      value: { en: 'Hi', de: null },
    });
    expect(readLanguageMap({ fr: 'x' }, site)).toEqual({
      ok: false,
      problem: { kind: 'unsupported_language', code: 'fr' },
    });
    expect(
      readLanguageMap({ 'pt-BR': 'x' }, { defaultLanguage: 'pt-BR', languages: [] }),
    ).toMatchObject({ ok: false });
    expect(readLanguageMap({ en: {} }, site)).toEqual({
      ok: false,
      problem: { kind: 'not_string', code: 'en' },
    });
    expect(readLanguageMap('Hi', site)).toEqual({ ok: false, problem: { kind: 'not_object' } });
  });
  it('takes [] (how an empty description reads) as an empty map', () => {
    expect(readLanguageMap([], site)).toEqual({ ok: true, value: {} });
  });
  it('merges only the languages sent', () => {
    expect(mergeLanguageMap({ en: 'a', de: 'b' }, { de: null, en: 'c' })).toEqual({ en: 'c' });
    expect(unsupportedLanguageMessage('xx')).toBe('Unsupported language key "xx" provided.');
  });
});

import {
  documentTerms,
  editDistance,
  editsAllowed,
  firstLetterTypos,
  fold,
  FORM_STEM,
  FORM_WORD,
  headingsText,
  queryPhrases,
  queryWords,
  snippet,
  synonymWords,
  tokenize,
  wordTail,
} from './search-terms';

describe('forgiving search terms (issue 40)', () => {
  it('folds case and accents, ß and dotted capitals', () => {
    expect(fold('Überweisung')).toBe('uberweisung');
    expect(fold('Café RÉSUMÉ')).toBe('cafe resume');
    expect(fold('Straße')).toBe('strasse');
    expect(fold('İstanbul')).toBe('istanbul');
  });

  it('stems per language: English, German, French; none for a language without a stemmer', () => {
    const stem = (text: string, lang: string) => tokenize(text, lang).map((t) => t.stem ?? t.term);
    expect(stem('passwords resetting', 'en')).toEqual(stem('password reset', 'en'));
    expect(stem('Passwörter', 'de')).toEqual(stem('Passwort', 'de'));
    expect(stem('factures', 'fr')).toEqual(stem('facture', 'fr'));
    expect(tokenize('invoices', 'ja')[0]).toEqual({ term: 'invoices', stem: null, bigram: false });
  });

  it('cuts scripts without spaces into bigrams: Chinese, Japanese, Korean, Thai', () => {
    expect(tokenize('重置密码', 'zh').map((t) => t.term)).toEqual(['重置', '置密', '密码']);
    expect(tokenize('パスワード', 'ja').map((t) => t.term)).toEqual([
      'パス',
      'スワ',
      'ワー',
      'ード',
    ]);
    expect(tokenize('비밀번호', 'ko').map((t) => t.term)).toEqual(['비밀', '밀번', '번호']);
    expect(tokenize('รหัส', 'th').every((t) => t.bigram)).toBe(true);
    // mixed runs keep Latin words whole
    expect(tokenize('API密钥', 'zh').map((t) => t.term)).toEqual(['api', '密钥']);
  });

  it('forgives edits by word length: none under 4 letters, one from 4, two from 8', () => {
    expect([3, 4, 7, 8, 20].map(editsAllowed)).toEqual([0, 1, 1, 2, 2]);
    expect(queryWords('cat invoice passwords', 'en').map((w) => w.edits)).toEqual([0, 1, 2]);
  });

  it('counts a transposition as one edit and stops past the limit', () => {
    expect(editDistance('pasword', 'password', 2)).toBe(1);
    expect(editDistance('passwrod', 'password', 2)).toBe(1);
    expect(editDistance('invocie', 'invoice', 1)).toBe(1);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(editDistance('a', 'abcdefgh', 2)).toBe(3);
  });

  it('matches the last word as a prefix only while the reader is typing it', () => {
    expect(queryWords('cancel subscr', 'en').map((w) => w.prefix)).toEqual([false, true]);
    expect(queryWords('cancel subscr ', 'en').map((w) => w.prefix)).toEqual([false, false]);
  });

  it('leaves out stopwords, but never empties a query with them', () => {
    expect(queryWords('how do I reset my password', 'en').map((w) => w.term)).toEqual([
      'reset',
      'password',
    ]);
    expect(queryWords('wie kann ich die Rechnung ändern', 'de').map((w) => w.term)).toEqual([
      'rechnung',
      'andern',
    ]);
    expect(queryWords('comment je peux', 'fr').map((w) => w.term)).toEqual([
      'comment',
      'je',
      'peux',
    ]);
    expect(queryWords('the of', 'en').map((w) => w.term)).toEqual(['the', 'of']);
  });

  it('finds the words a typo in the first letter hides, by exact keys only', () => {
    // the entry "invoice" is kept under its tail "nvoice"
    expect(wordTail('invoice')).toBe('nvoice');
    expect(wordTail('éa')).toBe('a');
    const keys = (typed: string) => {
      const t = firstLetterTypos(typed);
      return (word: string) => t.tails.includes(wordTail(word)) || t.terms.includes(word);
    };
    expect(keys('onvoice')('invoice')).toBe(true); // replaced
    expect(keys('nvoice')('invoice')).toBe(true); // left out
    expect(keys('niovice')('invoice')).toBe(false); // not a first-letter typo of it
    expect(keys('nivoice')('invoice')).toBe(true); // first two swapped
    expect(keys('xinvoice')('invoice')).toBe(true); // one typed before it
    expect(keys('invoice')('voice')).toBe(false);
    // bounded: three tails and one word whatever the word
    const long = firstLetterTypos('x'.repeat(200));
    expect(long.tails.length).toBeLessThanOrEqual(3);
    expect(long.terms).toHaveLength(1);
    expect(firstLetterTypos('a')).toEqual({ tails: [], terms: [] });
  });

  it('reads the phrases a synonym of several words may be: runs of 2–3 words, stopwords included', () => {
    const words = queryWords('log in problems', 'en');
    expect(words.map((w) => w.term)).toEqual(['log', 'problems']);
    expect(queryPhrases('log in problems', 'en', words)).toEqual([
      { keys: ['log in', 'log-in'], terms: ['log'] },
      { keys: ['in problems', 'in-problems'], terms: ['problems'] },
      { keys: ['log in problems', 'log-in-problems'], terms: ['log', 'problems'] },
    ]);
    // a run of stopwords covers no searched word, and 16 words at most are read
    expect(queryPhrases('of the', 'en', queryWords('of the x', 'en'))).toEqual([]);
    const many = 'word '.repeat(300) + 'end';
    expect(queryPhrases(many, 'en', queryWords(many, 'en')).length).toBeLessThanOrEqual(29);
    // a synonym matches by every word it has, stopwords too
    expect(synonymWords('Sign in', 'en').map((t) => t.term)).toEqual(['sign', 'in']);
    expect(synonymWords('x '.repeat(100), 'en')).toHaveLength(8);
  });

  it('reads hostile queries in bounded time: symbols, emoji, right-to-left, 190 × İ, huge input', () => {
    expect(queryWords('!!! %%% ***', 'en')).toEqual([]);
    expect(queryWords('😀😀', 'en')).toEqual([]);
    expect(queryWords('مرحبا بكم', 'ar').map((w) => w.term)).toEqual(['مرحبا', 'بكم']);
    const long = queryWords('İ'.repeat(190), 'tr');
    expect(long).toHaveLength(1);
    expect(Array.from(long[0].term).length).toBeLessThanOrEqual(32);
    const started = Date.now();
    expect(queryWords('word '.repeat(100_000), 'en').length).toBeLessThanOrEqual(2);
    expect(queryWords(Array.from({ length: 50 }, (_, i) => `w${i}x`).join(' '), 'en')).toHaveLength(
      8,
    );
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('indexes title above headings above body, with the stem as a second form', () => {
    const terms = documentTerms('en', {
      title: 'Reset passwords',
      headings: headingsText('<h2>Before <em>you</em> start</h2><p>body</p>'),
      body: 'Open settings. Passwords expire.',
    });
    const weight = (form: number, term: string) =>
      terms.find((t) => t.form === form && t.term === term)?.weight;
    expect(weight(FORM_WORD, 'passwords')).toBe(32); // title, twice
    expect(weight(FORM_STEM, 'password')).toBe(32);
    expect(weight(FORM_WORD, 'start')).toBe(21);
    expect(weight(FORM_WORD, 'settings')).toBe(11);
    expect(weight(FORM_WORD, 'you')).toBe(21);
  });

  it('cuts a snippet around the first match, marking words and other forms of them, text untouched', () => {
    const text = `${'Intro words here. '.repeat(20)}To reset <b>passwords</b>, open Settings.`;
    const parts = snippet(text, 'en', { words: ['password'], stems: ['password'] }, 80);
    expect(parts[0]).toEqual({ text: '… ', hit: false });
    expect(parts.filter((p) => p.hit)).toEqual([{ text: 'passwords', hit: true }]);
    // plain text in, plain text out: the caller escapes
    expect(parts.map((p) => p.text).join('')).toContain('<b>passwords</b>');
    const de = snippet('Rechnungen und eine Rechnung', 'de', { words: [], stems: ['rechnung'] });
    expect(de.filter((p) => p.hit).map((p) => p.text)).toEqual(['Rechnungen', 'Rechnung']);
    expect(snippet('nothing', 'en', { words: ['x'], stems: [] })).toEqual([
      { text: 'nothing', hit: false },
    ]);
  });
});

import { articleMarkdown, articlePath, imagePath, safeName } from './export-zip';
import type { ArticleView, TranslationRow } from '../articles/articles.repository';

const at = new Date('2026-11-28T09:30:00Z');
const article = {
  id: 7,
  published: false,
  categoryId: null,
  categories: [],
  createdAt: at,
  updatedAt: at,
};
const translation = (content: string) =>
  ({ lang: 'en', title: 'Pay "now"', slug: 'pay-now', content }) as TranslationRow;

describe('the export zip’s names and Markdown', () => {
  it('never lets a tenant’s name leave its folder or hide (path tricks, control characters)', () => {
    expect(safeName('../../etc/passwd', 'x')).toBe('etc-passwd');
    expect(safeName('..\\..\\boot.ini', 'x')).toBe('boot.ini');
    expect(safeName('/abs/olute.png', 'x')).toBe('abs-olute.png');
    expect(safeName('.hidden', 'x')).toBe('hidden');
    expect(safeName('a\u0000b\nc.png', 'x')).toBe('a-b-c.png');
    expect(safeName('...', 'image')).toBe('image');
    expect(safeName('ünïcode-名前.png', 'x')).toBe('ünïcode-名前.png');
    expect(safeName('a'.repeat(300), 'x')).toHaveLength(80);
    expect(imagePath({ id: 3, filename: '../../x.png' })).toBe('images/3-x.png');
    expect(articlePath(7, { lang: '../en', slug: '../../up' })).toBe('en/7-up.md');
  });

  it('writes front matter as JSON values and the sanitized content as Markdown, images pointing into the zip', () => {
    const url = 'https://img.example/s/a.png';
    const md = articleMarkdown(
      article as unknown as ArticleView,
      translation(
        `<p>Hi <a href="javascript:alert(1)">x</a></p><img src="${url}" alt="A"><script>alert(2)</script>`,
      ),
      [],
      new Map([[url, 'images/3-a.png']]),
    );
    expect(md).toBe(
      [
        '---',
        'id: 7',
        'lang: "en"',
        'title: "Pay \\"now\\""',
        'slug: "pay-now"',
        'status: "draft"',
        'category_id: null',
        'categories: []',
        'created_at: "2026-11-28T09:30:00.000Z"',
        'updated_at: "2026-11-28T09:30:00.000Z"',
        '---',
        '',
        '# Pay "now"',
        '',
        'Hi [x]()', // the javascript: address dropped
        '',
        '![A](../images/3-a.png)',
        '',
      ].join('\n'),
    );
  });
});

import { postArticle, stack, unique } from './support/stack';

describe('documents for agents and search engines through the stack (issue #26)', () => {
  it('an article published through the API is in sitemap.xml, llms.txt and its .md; a draft is not', async () => {
    const key = stack.demo.key;
    const base = `${stack.readerUrl}/hc/${stack.demo.site.subdomain}`;
    const word = unique('kestrel');
    const create = (title: string, published: boolean) =>
      postArticle(key, {
        title: { en: title },
        content: { en: `<h2>Feeding</h2><p>A ${word} eats <b>mice</b>.</p>` },
        published,
      });
    const shown = await create(`Caring for a ${word}`, true);
    const draft = await create(`Draft about a ${word}`, false);
    expect([shown.status, draft.status]).toEqual([201, 201]);
    const id = shown.body.article.id as number;
    const draftId = draft.body.article.id as number;

    const get = async (path: string) => {
      const res = await fetch(`${base}${path}`);
      return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
    };
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.text).toMatch(/^User-agent: \*/);
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.type).toContain('application/xml');
    expect(sitemap.text).toContain(`/articles/${id}-`);
    expect(sitemap.text).not.toContain(`/articles/${draftId}-`);
    const llms = await get('/llms.txt');
    expect(llms.text).toContain(`[Caring for a ${word}]`);
    expect(llms.text).not.toContain('Draft about');
    const md = await get(`/articles/${id}.md`);
    expect(md.status).toBe(200);
    expect(md.type).toContain('text/markdown');
    expect(md.text).toContain(`## Feeding\n\nA ${word} eats **mice**.`);
    expect((await get(`/articles/${draftId}.md`)).status).toBe(404);
    const page = await get(`/articles/${id}`);
    expect(page.text).toContain('<link rel="canonical"');
    expect(page.text).toContain('"@type":"BreadcrumbList"');
  });
});

import { startTestApp, TestApp } from '@hc/testing';
import { createContentApi } from './app.factory';

/** Issue 21 item 3: the document and its reference page on the API origin, without credential. */
describe('GET /v1/openapi.json, /v1/openapi.yaml and /docs', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(createContentApi);
  });
  afterAll(() => t.close());

  it('serves the OpenAPI 3.1 document as JSON and YAML', async () => {
    const json = await fetch(`${t.url}/v1/openapi.json`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toMatch(/application\/json/);
    const doc = (await json.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/articles/{id}', '/v1/template/draft', '/v1/change-sets']),
    );
    const yaml = await fetch(`${t.url}/v1/openapi.yaml`);
    expect(yaml.status).toBe(200);
    expect(await yaml.text()).toMatch(/^openapi: 3\.1\.0$/m);
  });

  it('serves the reference page with its assets from this origin', async () => {
    const page = await fetch(`${t.url}/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      // Relative addresses only: nothing comes from another origin.
      expect(asset).not.toMatch(/^(https?:)?\/\//);
      const res = await fetch(new URL(asset, `${t.url}/docs`));
      expect(`${asset} ${res.status}`).toBe(`${asset} 200`);
    }
  });

  it('keeps the API itself behind credentials', async () => {
    expect((await t.request('GET', '/v1/articles')).status).toBe(401);
  });
});

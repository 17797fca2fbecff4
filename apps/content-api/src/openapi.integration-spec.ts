import { TestApp, useTestApp } from '@hc/testing';
import { createContentApi } from './app.factory';

/** Issue 21 item 3: the document and its reference page on the API origin, without credential. */
describe('GET /v1/openapi.json, /v1/openapi.yaml and /docs', () => {
  let t: TestApp;

  useTestApp(createContentApi, (app) => (t = app));

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

  it('points "Try it out" at the origin it is served from, whatever the Host (issue 36 item 9)', async () => {
    const site = await t.factory.site();
    const key = await t.factory.key(site);
    const docUrl = `${t.url}/v1/openapi.json`;
    // A Host header of another origin changes nothing: no request header reaches the document.
    const served = (await (
      await fetch(docUrl, { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } })
    ).json()) as { servers: { url: string }[] };
    expect(served.servers[0].url).toBe('/');
    expect(JSON.stringify(served.servers)).not.toContain('evil.example');
    // The page embeds the same document (Swagger UI's init script).
    const init = await (await fetch(`${t.url}/docs/swagger-ui-init.js`)).text();
    expect(init).toMatch(/"servers":\s*\[\s*\{\s*"url":\s*"\/"/);
    // Swagger UI's request: the default server resolved against where the document came from,
    // then the operation's path; it reaches this API and answers with the key.
    const server = new URL(served.servers[0].url, docUrl);
    expect(server.origin).toBe(new URL(t.url).origin);
    const res = await fetch(new URL('/v1/articles', server), { headers: { apikey: key } });
    expect(res.status).toBe(200);
    // The generated document keeps its {api_origin} server for other origins.
    expect(served.servers.slice(1).map((s) => s.url)).toEqual(['{api_origin}']);
  });

  it('keeps the API itself behind credentials, answering the documented 401', async () => {
    const res = await t.request('GET', '/v1/articles');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(documented('/v1/articles', 'get', 401));
  });

  it('answers a path segment that is no id with the documented 404 of that route', async () => {
    const site = await t.factory.site();
    const key = await t.factory.key(site);
    for (const [method, route, path] of [
      ['get', '/v1/articles/{id}', '/v1/articles/abc'],
      ['get', '/v1/change-sets/{id}', '/v1/change-sets/0'],
      ['delete', '/v1/webhooks/{webhookId}', '/v1/webhooks/1e3'],
      ['post', '/v1/articles/{id}/feedback', '/v1/articles/-1/feedback'],
    ] as const) {
      const body = method === 'post' ? { rating: 'love' } : undefined;
      const res = await t.request(method.toUpperCase(), path, { key, body });
      expect(`${path} ${res.status}`).toBe(`${path} 404`);
      expect(res.body).toEqual(documented(route, method, 404));
    }
  });

  let doc: {
    paths: Record<string, Record<string, { responses: Record<string, Response> }>>;
    components: { responses: Record<string, Response> };
  };
  type Response = { $ref?: string; content?: Record<string, { example?: unknown }> };
  // Shared answers (401, 403, 429) are `$ref`s to components.responses.
  const resolve = (r: Response) =>
    r.$ref ? doc.components.responses[r.$ref.replace('#/components/responses/', '')] : r;
  const documented = (route: string, method: string, status: number) =>
    resolve(doc.paths[route][method].responses[String(status)]).content?.['application/json']
      .example;
  beforeAll(async () => {
    doc = (await (await fetch(`${t.url}/v1/openapi.json`)).json()) as typeof doc;
  });
});

import { Body, Controller, Get, Module, Param, Patch, Post, Query } from '@nestjs/common';
import { request as httpRequest } from 'node:http';
import { IsInt, IsOptional, IsString, Max } from 'class-validator';
import { htmlNotFound, resetSettings, validationError } from '@hc/contracts';
import { CountsAsWrite, Scopes } from '@hc/auth';
import {
  expectInsufficientScope,
  expectValidationErrors,
  startTestApp,
  TestApp,
  TestSite,
  testServices,
} from '@hc/testing';
import { CoreModule } from './core.module';
import { createHttpApp } from './bootstrap';
import { RedirectInvalidInput } from './exception.filter';
import { PageQuery, pageMeta, pagingOf } from './paging';
import { QueryBoolean, readQuery } from './query';
import { BodyFrom, ValidationErrorShape } from './validation.pipe';
import { SharedIpLimit } from './rate-limit';

class CreateThingDto {
  @IsString() name: string;
  @IsOptional() @IsInt() @Max(5) count?: number;
  @IsOptional() note?: string | null;
}

/** A list whose input errors are 400 (GET /articles answers so). */
@ValidationErrorShape((errors) => validationError(errors, undefined, 400))
@BodyFrom(readQuery)
class StrictPageQuery extends PageQuery {}

@BodyFrom(readQuery)
class FlagQuery {
  @QueryBoolean('a flag')
  flag?: boolean;
}

@Controller('things')
class ThingsController {
  @Get()
  @Scopes('content.read')
  @RedirectInvalidInput()
  list(@Query() query: PageQuery) {
    return { status: 'success', things: [], meta: pageMeta(pagingOf(query, 100), 0) };
  }

  @Get('strict')
  @Scopes('content.read')
  strict(@Query() query: StrictPageQuery) {
    return { status: 'success', meta: pageMeta(pagingOf(query, 100), 250) };
  }

  @Get('flag')
  @Scopes('content.read')
  flag(@Query() query: FlagQuery) {
    return { flag: query.flag ?? null };
  }

  @Post()
  @Scopes('content.write')
  create(@Body() body: CreateThingDto) {
    return { status: 'success', thing: body };
  }

  @Patch(':id')
  @Scopes('content.write')
  update(@Param('id') _id: string) {
    throw htmlNotFound();
  }

  @Get('boom')
  @Scopes('content.read')
  boom() {
    throw new Error('secret internals');
  }

  @Get('counted')
  @Scopes('content.read')
  @CountsAsWrite()
  counted() {
    return { status: 'success' };
  }

  @Get('design')
  @Scopes('design.read')
  design() {
    return { status: 'success' };
  }

  @Post('shared-small')
  @Scopes('content.write')
  @SharedIpLimit(3)
  sharedSmall() {
    return { status: 'success' };
  }

  @Post('shared-large')
  @Scopes('content.write')
  @SharedIpLimit(5)
  sharedLarge() {
    return { status: 'success' };
  }
}

@Module({ imports: [CoreModule.forRoot()], controllers: [ThingsController] })
class TestModule {}

async function createTestHttpApp() {
  const app = await createHttpApp(TestModule);
  app.setGlobalPrefix('v1', { exclude: ['health/live', 'health/ready'] });
  return app;
}

describe('shared HTTP behaviour (spec 4.1, 4.2, 7, 8)', () => {
  let t: TestApp;
  let site: TestSite;
  let key: string;
  let readKey: string;

  beforeAll(async () => {
    t = await startTestApp(createTestHttpApp);
    site = await t.factory.site();
    key = await t.factory.key(site);
    readKey = await t.factory.key(site, { scope: 'read' });
  });
  afterAll(() => t.close());

  describe('errors and the Accept header (4.1 rule 3)', () => {
    it('answers an unknown path with an HTML 404 even with Accept: application/json', async () => {
      const res = await t.request('GET', '/v1/nowhere', { key });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
    });

    it('answers an unknown id where the spec says so with an HTML 404', async () => {
      const res = await t.request('PATCH', '/v1/things/999', { key, body: {} });
      expect(res.status).toBe(404);
      expect(res.text).toMatch(/<html/);
    });

    it('answers a wrong method with 405, HTML without Accept and an Allow header', async () => {
      const html = await t.request('DELETE', '/v1/things', { key, json: false });
      expect(html.status).toBe(405);
      expect(html.headers.get('content-type')).toMatch(/text\/html/);
      expect(html.headers.get('allow')).toContain('GET');
      const json = await t.request('DELETE', '/v1/things', { key });
      expect(json.status).toBe(405);
      expect(json.body).toEqual({ message: expect.any(String) });
    });

    it('answers an unexpected failure with 500 and no stack trace, HTML without Accept', async () => {
      const json = await t.request('GET', '/v1/things/boom', { key });
      expect(json.status).toBe(500);
      expect(json.body).toEqual({ message: 'Server Error', error_id: expect.any(String) });
      expect(json.text).not.toContain('secret internals');
      const html = await t.request('GET', '/v1/things/boom', { key, json: false });
      expect(html.status).toBe(500);
      expect(html.headers.get('content-type')).toMatch(/text\/html/);
      expect(html.text).not.toContain('secret internals');
    });

    it('redirects invalid input to the API origin without Accept on the routes that do so', async () => {
      const res = await t.request('GET', '/v1/things?limit=101', { key, json: false });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('http://localhost:8080');
      const json = await t.request('GET', '/v1/things?limit=101', { key });
      expectValidationErrors(json, { limit: ['The limit field must not be greater than 100.'] });
    });

    it('keeps 401 as JSON {status: unauthorized} whatever the Accept header', async () => {
      const res = await t.request('GET', '/v1/things', { json: false });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: 'unauthorized' });
    });
  });

  describe('scopes (5.1)', () => {
    it('refuses a Read only key on a write with 403 insufficient_scope naming the scope', async () => {
      const res = await t.request('POST', '/v1/things', { key: readKey, body: { name: 'x' } });
      expectInsufficientScope(res, 'content.write');
    });

    it('gives design scopes only to keys created with design access', async () => {
      expect((await t.request('GET', '/v1/things/design', { key })).status).toBe(403);
      const designKey = await t.factory.key(site, { scope: 'read', design: true });
      expect((await t.request('GET', '/v1/things/design', { key: designKey })).status).toBe(200);
    });
  });

  describe('bodies (4.1 rules 4 and 10, 2.1)', () => {
    it('trims strings and turns an empty string into null', async () => {
      const res = await t.request('POST', '/v1/things', {
        key,
        body: { name: '  spaced  ', note: '   ' },
      });
      expect(res.status).toBe(201);
      expect(res.body.thing).toEqual({ name: 'spaced', note: null });
    });

    it('reads a body without the JSON content type as empty', async () => {
      const res = await t.request('POST', '/v1/things', {
        key,
        raw: JSON.stringify({ name: 'x' }),
        headers: { 'content-type': 'text/plain' },
      });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ name: ['The name field must be a string.'] });
    });

    it('answers field errors in shape (b) with the spec wording', async () => {
      const res = await t.request('POST', '/v1/things', { key, body: { name: 'x', count: 9 } });
      expectValidationErrors(res, { count: ['The count field must not be greater than 5.'] });
    });

    it('answers malformed JSON with 400, not 500', async () => {
      const res = await t.request('POST', '/v1/things', {
        key,
        raw: '{"name": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_json');
    });

    it('refuses a body over 32 MB with 413', async () => {
      const big = JSON.stringify({ name: 'x'.repeat(33 * 1024 * 1024) });
      const res = await t.request('POST', '/v1/things', {
        key,
        raw: big,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(413);
    });
  });

  describe('bounded work before trust (issue #15)', () => {
    const MB = 1024 * 1024;
    /**
     * Sends the headers and `sent` bytes of a body announced as `announced` bytes, then waits:
     * the answer can only come if the server decided without reading the rest.
     */
    function startBody(
      headers: Record<string, string>,
      announced: number | null,
      sent: number,
    ): Promise<{ status: number; body: string }> {
      return new Promise((resolve, reject) => {
        const url = new URL(`${t.url}/v1/things`);
        const req = httpRequest(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json',
              ...(announced === null ? {} : { 'content-length': String(announced) }),
              ...headers,
            },
          },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => {
              req.destroy();
              resolve({ status: res.statusCode ?? 0, body });
            });
          },
        );
        req.on('error', (err: NodeJS.ErrnoException) => {
          if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') reject(err);
        });
        req.write(`{"name":"${'x'.repeat(sent)}`);
      });
    }

    it('refuses a 30 MB anonymous body at once, having read none of it', async () => {
      const res = await startBody({}, 30 * MB, 16 * 1024);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({
        status: 'error',
        code: 'body_too_large',
        message: 'The request body is larger than 64 KB. Larger bodies need a credential.',
      });
    });

    it('an invalid API key or a forged bearer token counts as none', async () => {
      expect((await startBody({ apikey: 'not-a-key' }, 30 * MB, 1024)).status).toBe(413);
      const forged = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
      const bearer = await startBody({ authorization: `Bearer ${forged}` }, 30 * MB, 1024);
      expect(bearer.status).toBe(413);
    });

    it('an anonymous body in chunks (no length to judge) is refused at once', async () => {
      const res = await startBody({}, null, 1024);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body).message).toBe(
        'A request without a credential must send its body, at most 64 KB, with a Content-Length.',
      );
    });

    it('an authenticated request still sends up to 32 MB (spec 4.1)', async () => {
      const res = await t.request('POST', '/v1/things', {
        key,
        body: { name: 'x'.repeat(MB), note: 'y'.repeat(MB) },
      });
      expect(res.status).toBe(201);
      const small = await t.request('POST', '/v1/things', { body: { name: 'x' } });
      expect(small.status).toBe(401); // anonymous and small: read, then refused by the guard
    });
  });

  describe('query booleans and paging (4.1 rule 7, 4.2)', () => {
    it.each([
      ['1', true],
      ['0', false],
    ])('reads %s as %s', async (value, expected) => {
      const res = await t.request('GET', `/v1/things/flag?flag=${value}`, { key });
      expect(res.body).toEqual({ flag: expected });
    });

    it('refuses words with "The <field> field must be true or false."', async () => {
      const res = await t.request('GET', '/v1/things/flag?flag=true', { key });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ flag: ['The flag field must be true or false.'] });
    });

    it('gives meta {page, per_page, total_pages, items_count} with total_pages at least 1', async () => {
      const empty = await t.request('GET', '/v1/things?page=3', { key });
      expect(empty.body.meta).toEqual({ page: 3, per_page: 100, total_pages: 1, items_count: 0 });
      const some = await t.request('GET', '/v1/things/strict?limit=100', { key });
      expect(some.body.meta).toEqual({ page: 1, per_page: 100, total_pages: 3, items_count: 250 });
    });

    it('refuses an oversized page with 400 where the endpoint says so', async () => {
      const res = await t.request('GET', '/v1/things/strict?limit=101', { key });
      expect(res.status).toBe(400);
      expect(res.body.errors.limit).toEqual(['The limit field must not be greater than 100.']);
    });
  });

  describe('CORS (4.1 rule 8)', () => {
    it('answers any origin without exposing rate-limit headers', async () => {
      const res = await t.request('GET', '/v1/things', {
        key,
        headers: { origin: 'https://elsewhere.example' },
      });
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-expose-headers')).toBeNull();
    });

    it('answers a preflight', async () => {
      const res = await t.request('OPTIONS', '/v1/things', {
        json: false,
        headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-headers')).toBeTruthy();
    });
  });

  describe('rate limits (spec 8)', () => {
    it('allows 120 writes per minute per credential, then 429 with Retry-After', async () => {
      const k = await t.factory.key(site);
      for (let i = 0; i < 120; i++) {
        const res = await t.request('POST', '/v1/things', { key: k, body: { name: `n${i}` } });
        expect(res.status).toBe(201);
      }
      const over = await t.request('POST', '/v1/things', { key: k, body: { name: 'one more' } });
      expect(over.status).toBe(429);
      expect(over.body).toEqual({ message: 'Too Many Attempts.' });
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      const html = await t.request('POST', '/v1/things', {
        key: k,
        body: { name: 'x' },
        json: false,
      });
      expect(html.status).toBe(429);
      expect(html.headers.get('content-type')).toMatch(/text\/html/);
      // reads still have budget left
      expect((await t.request('GET', '/v1/things', { key: k })).status).toBe(200);
    });

    it('counts reads marked as writes toward the 120', async () => {
      const k = await t.factory.key(site);
      for (let i = 0; i < 120; i++) await t.request('GET', '/v1/things/counted', { key: k });
      expect((await t.request('GET', '/v1/things/counted', { key: k })).status).toBe(429);
    });

    it('allows 300 requests per minute per credential', async () => {
      const k = await t.factory.key(site);
      for (let i = 0; i < 300; i++) {
        const res = await t.request('GET', '/v1/things', { key: k });
        expect(res.status).toBe(200);
      }
      expect((await t.request('GET', '/v1/things', { key: k })).status).toBe(429);
    });

    it('gives each credential its own budget', async () => {
      const a = await t.factory.key(site);
      const b = await t.factory.key(site);
      for (let i = 0; i < 120; i++)
        await t.request('POST', '/v1/things', { key: a, body: { name: 'x' } });
      expect((await t.request('POST', '/v1/things', { key: a, body: { name: 'x' } })).status).toBe(
        429,
      );
      expect((await t.request('POST', '/v1/things', { key: b, body: { name: 'x' } })).status).toBe(
        201,
      );
    });

    it('compares one shared per-IP count with each endpoint’s own limit', async () => {
      const ip = '203.0.113.77';
      const headers = { 'x-forwarded-for': ip };
      for (let i = 0; i < 3; i++) {
        expect((await t.request('POST', '/v1/things/shared-small', { key, headers })).status).toBe(
          201,
        );
      }
      expect((await t.request('POST', '/v1/things/shared-small', { key, headers })).status).toBe(
        429,
      );
      // the shared count is now 4: the larger endpoint allows one more
      expect((await t.request('POST', '/v1/things/shared-large', { key, headers })).status).toBe(
        201,
      );
      expect((await t.request('POST', '/v1/things/shared-large', { key, headers })).status).toBe(
        429,
      );
      // another client address has its own counter
      const other = { 'x-forwarded-for': '203.0.113.78' };
      expect(
        (await t.request('POST', '/v1/things/shared-small', { key, headers: other })).status,
      ).toBe(201);
    });
  });
});

describe('shared HTTP behaviour under settings', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetSettings();
  });

  it('redirects plain HTTP to https with 301 when HC_FORCE_HTTPS is on, only to its own hosts', async () => {
    process.env.HC_FORCE_HTTPS = 'true';
    process.env.HC_PUBLIC_URL = 'https://api.example.test';
    // The test client is the trusted loopback proxy that names the host it was asked for.
    process.env.HC_TRUST_FORWARDED_HOST = 'true';
    resetSettings();
    const t = await startTestApp(createTestHttpApp);
    try {
      const plain = await t.request('GET', '/v1/things', {
        headers: { 'x-forwarded-host': 'api.example.test' },
      });
      expect(plain.status).toBe(301);
      expect(plain.headers.get('location')).toBe('https://api.example.test/v1/things');
      // Issue 34: never to a host the apps do not answer for.
      const elsewhere = await t.request('GET', '/v1/things', {
        headers: { 'x-forwarded-host': 'evil.example' },
      });
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.headers.get('location')).toBeNull();
      const proxied = await t.request('GET', '/v1/things', {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(proxied.status).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('shares one budget across replicas through Redis (HC_REDIS_URL)', async () => {
    process.env.HC_REDIS_URL = testServices().redisUrl;
    resetSettings();
    const a = await startTestApp(createTestHttpApp);
    const b = await startTestApp(createTestHttpApp);
    try {
      const site = await a.factory.site();
      const k = await a.factory.key(site);
      for (let i = 0; i < 120; i++) {
        const replica = i % 2 ? a : b;
        expect(
          (await replica.request('POST', '/v1/things', { key: k, body: { name: 'x' } })).status,
        ).toBe(201);
      }
      expect((await a.request('POST', '/v1/things', { key: k, body: { name: 'x' } })).status).toBe(
        429,
      );
      expect((await b.request('POST', '/v1/things', { key: k, body: { name: 'x' } })).status).toBe(
        429,
      );
    } finally {
      await a.close();
      await b.close();
    }
  });
});

import { cli, edge, flags, hc, hcFails, stack, unique } from './support/stack';

describe('the stack behind one origin (npm start)', () => {
  it('answers /healthz once every service is ready', async () => {
    const res = await edge('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    for (const app of [
      'content-api',
      'auth-server',
      'mcp-gateway',
      'webhook-dispatcher',
      'design-service',
    ]) {
      expect(res.body.services[app]).toBe('ready');
    }
  });

  it('seeds a demo site whose key works through the edge', async () => {
    const res = await edge('GET', '/v1/sites', { key: stack.demo.key });
    expect(res.status).toBe(200);
    expect(res.body.sites).toHaveLength(1);
    expect(res.body.sites[0]).toMatchObject({ id: stack.demo.site.id, languages: ['en', 'de'] });
  });

  it('routes /v1/template* to the design service and other /v1 paths to the content API', async () => {
    const design = await edge('GET', '/v1/template');
    expect(design.status).toBe(401);
    const content = await edge('GET', '/v1/');
    expect(content.status).toBe(401);
    expect(content.body).toEqual({ status: 'unauthorized' });
  });

  it('serves the OpenAPI document and the /docs reference page through the edge', async () => {
    const doc = await edge('GET', '/v1/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    const page = await fetch(`${stack.url}/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger-ui');
    const asset = await fetch(`${stack.url}/docs/swagger-ui-bundle.js`);
    expect(asset.status).toBe(200);
  });

  it('passes the client address through the edge (per-IP limits see the client)', async () => {
    const res = await edge('GET', '/v1/', { key: stack.demo.key });
    expect(res.status).toBe(200);
  });
});

describe('operator CLI (docs/operations.md)', () => {
  it('creates a user, a site, members and keys, and the key reaches only its site', async () => {
    const { user } = await cli('user create', {
      email: `${unique('ann')}@example.test`,
      name: 'Ann',
      password: 'secret-pass-1',
    });
    expect(user).toEqual({
      id: expect.any(Number),
      email: expect.any(String),
      name: 'Ann',
      account_id: expect.any(Number),
    });

    const sub = unique('kb');
    const { site } = await cli('site create', {
      owner: user.id,
      name: 'Ann KB',
      subdomain: sub,
      languages: 'en,de,fr',
      plan: 'starter',
      'staging-preview': true,
    });
    expect(site).toMatchObject({
      name: 'Ann KB',
      subdomain: sub,
      default_language: 'en',
      languages: ['en', 'de', 'fr'],
      visibility: 'public',
      publicly_accessible: true,
      plan: 'starter',
      staging_preview: true,
      template_editor: true,
    });

    const { key } = await cli('key create', {
      site: site.id,
      user: user.id,
      scope: 'read',
      design: true,
    });
    expect(key).toMatchObject({
      site_id: site.id,
      user_id: user.id,
      scope: 'read',
      capabilities: { design: true, notes: false },
    });
    expect(key.token).toEqual(expect.any(String));

    const sites = await edge('GET', '/v1/sites', { key: key.token });
    expect(sites.body.sites.map((s: { id: number }) => s.id)).toEqual([site.id]);

    const { user: bob } = await cli('user create', {
      email: `${unique('bob')}@example.test`,
      password: 'secret-pass-2',
    });
    const { member } = await cli('member add', { site: site.id, user: bob.id, role: 'editor' });
    expect(member).toEqual({
      site_id: site.id,
      user_id: bob.id,
      role: 'editor',
      notes_access: false,
    });
    expect(
      await hcFails('key', 'create', ...flags({ site: site.id, user: bob.id, scope: 'read' })),
    ).toMatch(/Only an Owner or Admin/);
    const updated = await cli('member update', {
      site: site.id,
      user: bob.id,
      role: 'admin',
      'notes-access': 'true',
    });
    expect(updated.member).toEqual({
      site_id: site.id,
      user_id: bob.id,
      role: 'admin',
      notes_access: true,
    });
    const bobKey = await cli('key create', {
      site: site.id,
      user: bob.id,
      scope: 'read_write',
      notes: true,
    });
    expect(bobKey.key.capabilities).toEqual({ design: false, notes: true });
    expect(
      await hc('member', 'remove', '--site', String(site.id), '--user', String(bob.id)),
    ).toEqual({ removed: true });

    expect(await hc('key', 'revoke', '--key', String(key.id))).toEqual({ revoked: true });
    expect((await edge('GET', '/v1/sites', { key: key.token })).status).toBe(401);
  });

  it('updates a site; visibility, allow-list and suspension show in GET /sites', async () => {
    const { user } = await cli('user create', {
      email: `${unique('cy')}@example.test`,
      password: 'secret-pass-3',
    });
    const { site } = await cli('site create', {
      owner: user.id,
      name: 'Cy',
      subdomain: unique('cy'),
    });
    const { key } = await cli('key create', { site: site.id, user: user.id, scope: 'read' });
    const res = await cli('site update', {
      site: site.id,
      visibility: 'private',
      'ip-allowlist': '10.0.0.0/8,192.0.2.1',
    });
    expect(res.site).toMatchObject({
      visibility: 'private',
      publicly_accessible: false,
      ip_allowlist: ['10.0.0.0/8', '192.0.2.1'],
    });
    const cleared = await hc('site', 'update', '--site', String(site.id), '--ip-allowlist', '');
    expect(cleared.site.publicly_accessible).toBe(true);
    await hc('site', 'update', '--site', String(site.id), '--suspended');
    const listed = await edge('GET', '/v1/sites', { key: key.token });
    expect(listed.body.sites[0]).toMatchObject({
      visibility: 'private',
      publicly_accessible: false,
    });
    expect(await hc('site', 'delete', '--site', String(site.id))).toEqual({ deleted: true });
    expect((await edge('GET', '/v1/sites', { key: key.token })).status).toBe(401);
  });

  it('fails with one JSON object on stderr for bad input (issue 18)', async () => {
    const line = await hcFails(
      'site',
      'create',
      ...flags({ owner: '1', name: 'X', subdomain: 'Bad Sub!' }),
    );
    expect(JSON.parse(line)).toEqual({ error: { message: expect.stringMatching(/subdomain/) } });
    expect(await hcFails('no', 'such', 'command')).toMatch(/unknown command/);
    expect(
      await hcFails('user', 'create', '--email', 'not-an-email', '--password', 'long-enough'),
    ).toMatch(/email/);
  });

  it('migrate reports nothing left to run on a migrated database', async () => {
    expect(await hc('migrate')).toEqual({ migrated: [] });
  });
});

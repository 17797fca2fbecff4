import { apiKeyScopes, canEditDesign, canManageKeys, planHasToolServer } from './scopes';
import { loadSettings, parseDurations, readerSiteUrl } from './settings';
import { formatA, formatB, formatDate } from './time';

describe('timestamp formats (spec 2.1)', () => {
  const t = new Date(Date.UTC(2026, 0, 5, 7, 8, 9, 123));

  it('format A is YYYY-MM-DD HH:MM:SS in UTC with no offset', () => {
    expect(formatA(t)).toBe('2026-01-05 07:08:09');
  });

  it('format B is ISO 8601 with +00:00', () => {
    expect(formatB(t)).toBe('2026-01-05T07:08:09+00:00');
  });

  it('analytics dates are YYYY-MM-DD', () => {
    expect(formatDate(t)).toBe('2026-01-05');
  });

  it('keeps null as null', () => {
    expect(formatA(null)).toBeNull();
    expect(formatB(undefined)).toBeNull();
  });
});

describe('API key scopes (spec 5.1)', () => {
  it('Read only holds content.read and analytics.read', () => {
    expect(apiKeyScopes('read', { design: false, notes: false })).toEqual([
      'content.read',
      'analytics.read',
    ]);
  });

  it('Read & write adds content.write', () => {
    expect(apiKeyScopes('read_write', { design: false, notes: false })).toEqual([
      'content.read',
      'analytics.read',
      'content.write',
    ]);
  });

  it('design access gives design.read, and design.write only to a Read & write key', () => {
    expect(apiKeyScopes('read', { design: true, notes: false })).toContain('design.read');
    expect(apiKeyScopes('read', { design: true, notes: false })).not.toContain('design.write');
    expect(apiKeyScopes('read_write', { design: true, notes: false })).toEqual(
      expect.arrayContaining(['design.read', 'design.write']),
    );
  });

  it('team-notes access gives notes.read, and notes.write only to a Read & write key', () => {
    expect(apiKeyScopes('read', { design: false, notes: true })).toContain('notes.read');
    expect(apiKeyScopes('read', { design: false, notes: true })).not.toContain('notes.write');
    expect(apiKeyScopes('read_write', { design: false, notes: true })).toContain('notes.write');
  });

  it('content scopes never include design scopes', () => {
    expect(
      apiKeyScopes('read_write', { design: false, notes: true }).some((s) =>
        s.startsWith('design'),
      ),
    ).toBe(false);
  });

  it('roles: Owner, Admin, Editor edit the design; only Owner and Admin manage keys', () => {
    expect(
      ['owner', 'admin', 'editor', 'translator', 'viewer'].map((r) => canEditDesign(r as never)),
    ).toEqual([true, true, true, false, false]);
    expect(['owner', 'admin', 'editor'].map((r) => canManageKeys(r as never))).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('tool-server tokens need Growth or Catalyst (spec 5.3)', () => {
    expect([
      planHasToolServer('starter'),
      planHasToolServer('growth'),
      planHasToolServer('catalyst'),
    ]).toEqual([false, true, true]);
  });
});

describe('settings (docs/operations.md)', () => {
  it('derives every address from HC_PUBLIC_URL', () => {
    const s = loadSettings({ HC_PUBLIC_URL: 'https://help.example.com/' });
    expect(s).toMatchObject({
      apiOrigin: 'https://help.example.com',
      apiBaseUrl: 'https://help.example.com/v1',
      authUrl: 'https://help.example.com',
      mcpUrl: 'https://help.example.com/mcp',
      dashboardUrl: 'https://help.example.com',
    });
  });

  it('lets each address be overridden', () => {
    const s = loadSettings({
      HC_PUBLIC_URL: 'https://a.example',
      HC_MCP_URL: 'https://tools.example/mcp',
    });
    expect(s.mcpUrl).toBe('https://tools.example/mcp');
    expect(s.apiBaseUrl).toBe('https://a.example/v1');
  });

  it('has one-machine defaults', () => {
    const s = loadSettings({});
    expect(s).toMatchObject({
      databaseUrl: 'mysql://root@127.0.0.1:3306/helpcenter',
      publicUrl: 'http://localhost:8080',
      edgePort: 8080,
      eventTransport: 'outbox',
      redisUrl: null,
      dataDir: './var',
      outboundAllowlist: [],
      webhookRetryDelaysMs: [10_000, 30_000, 120_000, 300_000],
      trustProxy: 'loopback',
      forceHttps: false,
    });
    expect(s.ports).toEqual({
      'content-api': 3000,
      'auth-server': 3001,
      'mcp-gateway': 3002,
      'webhook-dispatcher': 3003,
      'design-service': 3004,
      'reader-site': 3005,
      'event-relay': 3006,
      dashboard: 3007,
    });
  });

  it('puts reader pages on an origin of their own (issue #14)', () => {
    const one = loadSettings({ HC_PORT: '9000' });
    expect(one).toMatchObject({ readerPort: 9001, readerUrl: 'http://localhost:9001' });
    expect(readerSiteUrl('acme', one)).toBe('http://localhost:9001/hc/acme');
    const prod = loadSettings({
      HC_PUBLIC_URL: 'https://help.example',
      HC_READER_URL: 'https://reader.example-pages.net',
      HC_READER_DOMAIN: 'example-pages.net',
    });
    expect(readerSiteUrl('acme', prod)).toBe('https://acme.example-pages.net');
    expect(() =>
      loadSettings({ HC_PUBLIC_URL: 'http://x.example', HC_READER_URL: 'http://x.example/r' }),
    ).toThrow(/HC_READER_URL must be another origin/);
  });

  it('reads retry delays', () => {
    expect(parseDurations('500ms, 2s,1m,1h')).toEqual([500, 2000, 60_000, 3_600_000]);
    expect(() => parseDurations('soon')).toThrow(/HC_WEBHOOK_RETRY_DELAYS/);
  });

  it('refuses kafka without brokers and unknown transports', () => {
    expect(() => loadSettings({ HC_EVENT_TRANSPORT: 'kafka' })).toThrow(/HC_KAFKA_BROKERS/);
    expect(() => loadSettings({ HC_EVENT_TRANSPORT: 'sqs' })).toThrow(/outbox or kafka/);
  });
});

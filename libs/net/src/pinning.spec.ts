import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { resetSettings } from '@hc/contracts';

const lookup = jest.fn();
jest.mock('node:dns/promises', () => ({ lookup: (...args: unknown[]) => lookup(...args) }));

import { OutboundError, safeFetch } from './index';

describe('DNS pinning', () => {
  let server: http.Server;
  let port: number;
  const hosts: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hosts.push(req.headers.host ?? '');
      res.end('pinned');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    delete process.env.HC_OUTBOUND_ALLOWLIST;
    resetSettings();
  });
  beforeEach(() => {
    lookup.mockReset();
    hosts.length = 0;
  });

  it('resolves once, connects to the vetted address, keeps the name in Host, tries the next vetted address', async () => {
    process.env.HC_OUTBOUND_ALLOWLIST = `dual.test:${port}`;
    resetSettings();
    // ::1 first: nothing listens there, so the second vetted address answers.
    lookup.mockResolvedValue([
      { address: '::1', family: 6 },
      { address: '127.0.0.1', family: 4 },
    ]);
    const res = await safeFetch(`http://dual.test:${port}/`, {
      timeoutMs: 2000,
      maxBytes: 100,
      maxRedirects: 0,
    });
    expect(res.body.toString()).toBe('pinned');
    expect(hosts).toEqual([`dual.test:${port}`]);
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('refuses when any resolved address is private (a rebinding answer mixing public and private)', async () => {
    delete process.env.HC_OUTBOUND_ALLOWLIST;
    resetSettings();
    lookup.mockResolvedValue([
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ]);
    const err = await safeFetch(`http://rebind.test:${port}/`, {
      timeoutMs: 2000,
      maxBytes: 100,
      maxRedirects: 0,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboundError);
    expect((err as OutboundError).reason).toBe('private_address');
    expect(hosts).toEqual([]);
  });

  it('an allow-listed address approves nothing resolved with it (issue #15)', async () => {
    process.env.HC_OUTBOUND_ALLOWLIST = `127.0.0.1:${port}`;
    resetSettings();
    lookup.mockResolvedValue([
      { address: '127.0.0.1', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ]);
    const err = await safeFetch(`http://mixed.test:${port}/`, {
      timeoutMs: 2000,
      maxBytes: 100,
      maxRedirects: 0,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboundError);
    expect((err as OutboundError).reason).toBe('private_address');
    expect(hosts).toEqual([]);
    // The allowed address alone is still reached.
    lookup.mockResolvedValue([{ address: '127.0.0.1', family: 4 }]);
    const res = await safeFetch(`http://alone.test:${port}/`, {
      timeoutMs: 2000,
      maxBytes: 100,
      maxRedirects: 0,
    });
    expect(res.body.toString()).toBe('pinned');
  });
});

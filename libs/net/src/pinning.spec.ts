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

  /** Sets the outbound allow-list (none when `list` is undefined). */
  const allow = (list?: string) => {
    if (list === undefined) delete process.env.HC_OUTBOUND_ALLOWLIST;
    else process.env.HC_OUTBOUND_ALLOWLIST = list;
    resetSettings();
  };
  /** What the mocked DNS answers for any name, in this order. */
  const resolvesTo = (...addresses: string[]) =>
    lookup.mockResolvedValue(
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  const fetchName = (name: string) =>
    safeFetch(`http://${name}:${port}/`, { timeoutMs: 2000, maxBytes: 100, maxRedirects: 0 });
  /** The reason safeFetch refuses the name with. */
  const refusal = async (name: string) => {
    const err = await fetchName(name).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboundError);
    return (err as OutboundError).reason;
  };

  it('resolves once, connects to the vetted address, keeps the name in Host, tries the next vetted address', async () => {
    allow(`dual.test:${port}`);
    // ::1 first: nothing listens there, so the second vetted address answers.
    resolvesTo('::1', '127.0.0.1');
    const res = await fetchName('dual.test');
    expect(res.body.toString()).toBe('pinned');
    expect(hosts).toEqual([`dual.test:${port}`]);
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('refuses when any resolved address is private (a rebinding answer mixing public and private)', async () => {
    allow(undefined);
    resolvesTo('93.184.216.34', '127.0.0.1');
    expect(await refusal('rebind.test')).toBe('private_address');
    expect(hosts).toEqual([]);
  });

  it('an allow-listed address approves nothing resolved with it (issue #15)', async () => {
    allow(`127.0.0.1:${port}`);
    resolvesTo('127.0.0.1', '10.0.0.5');
    expect(await refusal('mixed.test')).toBe('private_address');
    expect(hosts).toEqual([]);
    // The allowed address alone is still reached.
    resolvesTo('127.0.0.1');
    const res = await fetchName('alone.test');
    expect(res.body.toString()).toBe('pinned');
  });
});

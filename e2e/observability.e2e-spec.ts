import { parsePrometheus } from '@hc/testing';
import { edge, stack } from './support/stack';

const APP_PORTS = [
  'HC_CONTENT_API_PORT',
  'HC_AUTH_SERVER_PORT',
  'HC_MCP_GATEWAY_PORT',
  'HC_WEBHOOK_DISPATCHER_PORT',
  'HC_DESIGN_SERVICE_PORT',
  'HC_READER_SITE_PORT',
];

describe('metrics and probes of the running stack (issue 18)', () => {
  it.each(APP_PORTS)('serves Prometheus metrics and probes on %s', async (name) => {
    const base = `http://127.0.0.1:${stack.env[name]}`;
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const names = new Set(parsePrometheus(await res.text()).map((s) => s.name));
    expect(names.has('process_cpu_user_seconds_total')).toBe(true);
    expect(names.has('hc_db_pool_connections')).toBe(true);
    expect((await fetch(`${base}/health/live`)).status).toBe(200);
    expect(await (await fetch(`${base}/health/ready`)).json()).toEqual({ status: 'ok' });
  });

  it('never serves metrics through the edge, on either origin', async () => {
    for (const path of ['/metrics', '/v1/metrics']) {
      const res = await edge('GET', path);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('process_cpu');
    }
    const reader = await fetch(`${stack.readerUrl}/metrics`);
    expect(reader.status).toBe(404);
    expect(await reader.text()).not.toContain('process_cpu');
  });
});

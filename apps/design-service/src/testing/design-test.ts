// Helpers for the design-service integration tests (not a spec file; linted as test support).
import type { Component, DesignDocument } from '@hc/design';

export interface TestResponse {
  status: number;
  /** JSON bodies as the tests read them. */
  body: any;
  headers: Headers;
  text: string;
}

interface TestApp {
  request(
    method: string,
    path: string,
    options?: { key?: string; body?: unknown },
  ): Promise<TestResponse>;
  ds: { query(sql: string, params?: unknown[]): Promise<Array<Record<string, unknown>>> };
}

export type Op = Record<string, unknown>;

export function designClient(t: TestApp, key: string) {
  return {
    template: () => t.request('GET', '/v1/template', { key }),
    draft: async (params: Record<string, string> = {}) => {
      const qs = new URLSearchParams(params).toString();
      return t.request('GET', `/v1/template/draft${qs ? `?${qs}` : ''}`, { key });
    },
    document: async () => (await t.request('GET', '/v1/template/draft', { key })).body.data,
    etag: async (): Promise<string> =>
      (await t.request('GET', '/v1/template', { key })).body.template.draft.etag,
    patch: (operations: unknown, etag?: string): Promise<TestResponse> =>
      t.request('PATCH', '/v1/template/draft', {
        key,
        body: etag === undefined ? { operations } : { operations, etag },
      }),
    apply: (theme: string, body: Record<string, unknown> = {}) =>
      t.request('POST', `/v1/template/themes/${theme}/apply`, { key, body }),
    discard: (body: Record<string, unknown> = {}) =>
      t.request('POST', '/v1/template/draft/discard', { key, body }),
    publish: (body: Record<string, unknown> = {}) =>
      t.request('POST', '/v1/template/publish', { key, body }),
    versions: () => t.request('GET', '/v1/template/versions', { key }),
    restore: (id: number | string, body: Record<string, unknown> = {}) =>
      t.request('POST', `/v1/template/versions/${id}/restore`, { key, body }),
  };
}

export type DesignClient = ReturnType<typeof designClient>;

/** The first component of a type on a page and region of a draft document. */
export function findComponent(
  doc: DesignDocument,
  page: string,
  region: string,
  type: string,
): Component {
  const walk = (list: Component[]): Component | undefined => {
    for (const c of list) {
      if (c.type === type) return c;
      const inner = walk(c.children);
      if (inner) return inner;
    }
    return undefined;
  };
  const regions = doc.pages[page as keyof DesignDocument['pages']].regions;
  return walk(regions[region as keyof typeof regions].components) as Component;
}

/** Sets translated design texts directly (they are read-only in the API; the editor writes them). */
export async function setTranslations(
  t: TestApp,
  siteId: number,
  translations: unknown,
): Promise<void> {
  const [row] = await t.ds.query('SELECT draft_version_id FROM design_sites WHERE site_id = ?', [
    siteId,
  ]);
  await t.ds.query('UPDATE design_versions SET translations = ? WHERE site_id = ? AND id = ?', [
    JSON.stringify(translations),
    siteId,
    row.draft_version_id,
  ]);
}

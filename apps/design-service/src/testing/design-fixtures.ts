// Shared setup and checks of the design-service integration specs (not a spec file).
import { startTestApp, TestApp, TestSite } from '@hc/testing';
import { createDesignService } from '../app.factory';
import { DesignClient, designClient } from './design-test';

export interface DesignApp {
  t: TestApp;
  site: TestSite;
  /** A client with a design key of the site (`scope` as asked). */
  d: DesignClient;
}

/** The design service started for a spec file, with one site and a design key of it. */
export async function startDesignApp(
  options: { name?: string; scope?: 'read' | 'read_write' } = {},
): Promise<DesignApp> {
  const t = await startTestApp(createDesignService);
  const site = await t.factory.site(options.name === undefined ? {} : { name: options.name });
  const key = await t.factory.key(
    site,
    options.scope ? { design: true, scope: options.scope } : { design: true },
  );
  return { t, site, d: designClient(t, key) };
}

/**
 * An add_component operation (spec 4.12): a `type` with its `id`, placed by `where` (`page` and
 * `region`, `parent_id`, `index`), with the settings `config` when given.
 */
export function addComponent(
  type: string,
  id: string,
  where: Record<string, unknown>,
  config?: Record<string, unknown>,
): Record<string, unknown> {
  return { op: 'add_component', ...where, type, id, ...(config === undefined ? {} : { config }) };
}

export interface OperationError {
  operation: number;
  op: string;
  path: string;
  message: string;
}

/** A 422 `template_invalid` error answer; its errors. */
export function invalidErrors(res: { status: number; body: any }): OperationError[] {
  expect([res.status, res.body.status, res.body.code]).toEqual([422, 'error', 'template_invalid']);
  return res.body.errors as OperationError[];
}

/** A 422 `template_invalid` error answer; its first error. */
export const invalid = (res: { status: number; body: any }): OperationError =>
  invalidErrors(res)[0];

type Patcher = { patch(operations: unknown): Promise<{ status: number; body: any }> };

/** The first error of a batch refused with 422 `template_invalid`. */
export const refusal = async (d: Patcher, operations: unknown[]): Promise<OperationError> =>
  invalid(await d.patch(operations));

/** The path of the first error of a batch refused with 422 `template_invalid`. */
export const invalidPath = async (d: Patcher, operations: unknown[]): Promise<string> =>
  (await refusal(d, operations)).path;

/** The message of a design write refused for want of the `design.write` scope. */
export const NEEDS_DESIGN_WRITE = 'This action requires the design.write scope.';

/** An error answer of `status` with exactly `{ status: 'error', code, message }` (`label` names the request). */
export function expectDesignError(
  res: { status: number; body: any },
  status: number,
  code: string,
  message: unknown,
  label?: string,
): void {
  expect([label, res.status]).toEqual([label, status]);
  expect(res.body).toEqual({ status: 'error', code, message });
}

// Rendering the package for the checks: `kubectl kustomize` of an overlay (or of an edited copy
// of deploy/, as an operator's change makes it) and the pod templates of what it renders.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseAllDocuments } from 'yaml';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed YAML of any kind
export type Obj = any;

export const DEPLOY = join(__dirname, '..');

/** `kubectl kustomize` of a directory (an overlay: `k8s/overlays/<name>` under `root`). */
export function renderDir(dir: string): Obj[] {
  let out: string;
  try {
    out = execFileSync('kubectl', ['kustomize', dir], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (err) {
    const e = err as { code?: string; stderr?: unknown };
    const reason = e.code === 'ENOENT' ? 'kubectl is not installed' : String(e.stderr);
    throw new Error(`kubectl kustomize ${dir} failed: ${reason}`);
  }
  return parseAllDocuments(out).map((doc) => doc.toJS());
}
export const render = (overlay: string) => renderDir(join(DEPLOY, 'k8s', 'overlays', overlay));

/**
 * Renders `overlay` from a copy of deploy/ in which `edit` changed files (paths relative to
 * deploy/): what an operator's change makes of the package.
 */
export function renderEdited(
  overlay: string,
  edit: (write: (path: string, f: (text: string) => string) => void) => void,
  /** The directory to render, relative to deploy/ (default the overlay's). */
  target = `k8s/overlays/${overlay}`,
): Obj[] {
  const copy = mkdtempSync(join(tmpdir(), 'hc-deploy-'));
  try {
    cpSync(join(DEPLOY, 'k8s'), join(copy, 'k8s'), { recursive: true });
    cpSync(join(DEPLOY, 'monitoring'), join(copy, 'monitoring'), { recursive: true });
    edit((path, f) => {
      const file = join(copy, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, f(existsSync(file) ? readFileSync(file, 'utf8') : ''));
    });
    return renderDir(join(copy, target));
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

export const byKind = (objects: Obj[], kind: string) => objects.filter((o) => o.kind === kind);
export const named = (objects: Obj[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name === name);

/** A pod template's containers, init containers first (they run first). */
export const containersOf = (template: Obj): Obj[] => [
  ...(template.spec.initContainers ?? []),
  ...template.spec.containers,
];

/** The pod templates of Deployments, Jobs and CronJobs, with where they come from. */
export function podTemplates(objects: Obj[]): Array<{ owner: string; template: Obj }> {
  return objects.flatMap((o) => {
    const owner = `${o.kind}/${o.metadata.name}`;
    if (o.kind === 'Deployment' || o.kind === 'Job') return [{ owner, template: o.spec.template }];
    if (o.kind === 'CronJob') return [{ owner, template: o.spec.jobTemplate.spec.template }];
    return [];
  });
}

// Issue 36 item 3: the database connections of the rendered package at its most (docs/scaling.md):
// every pod template's connections (its pool and dry-run pool as its settings say, or what its
// operator command holds) times its pods at the autoscaler's maximum plus a rollout's surge.
import { appDatabaseConnections, checkSettings } from '@hc/contracts';
import { commandConnections } from '@hc/data';
import { containerEnv, containerFiles, DOCKERFILE, imageEnv, settingsAppOf } from './pod-env';
import { byKind, type Obj, podTemplates } from './render';

export interface ConnectionRow {
  workload: string;
  /** Pods at most: the autoscaler's maximum (or the replicas), and a rollout's surge on top. */
  pods: number;
  surge: number;
  pool: number;
  dryRun: number;
  total: number;
}

/** One container's connections at most: an app's pools, or what its `hc` command holds. */
function containerConnections(objects: Obj[], template: Obj, c: Obj): [number, number] {
  const [first, ...rest] = (c.args ?? []) as string[];
  if (first === 'hc')
    return [commandConnections(rest.filter((a) => !a.startsWith('--')).join(' ')), 0];
  const env = containerEnv(objects, c, imageEnv(DOCKERFILE), 'present');
  const app = settingsAppOf(c);
  const { settings } = checkSettings(env, app, containerFiles(template, c, 'present'));
  const { pool, dryRun } = appDatabaseConnections(app, settings);
  return [pool, dryRun];
}

/** The connections of every pod template of `objects`, in the render's order. */
export function connectionRows(objects: Obj[]): ConnectionRow[] {
  return podTemplates(objects).map(({ owner, template }) => {
    const [kind, name] = owner.split('/') as [string, string];
    const spec = template.spec;
    // Init containers run one at a time and finish before the containers start together: the
    // pod holds at most the largest of those phases.
    const of = (list: Obj[]) =>
      list
        .map((c) => containerConnections(objects, template, c))
        .reduce(([p, d], [cp, cd]) => [p + cp, d + cd], [0, 0]);
    const phases = [...(spec.initContainers ?? []).map((c: Obj) => of([c])), of(spec.containers)];
    const [pool, dryRun] = phases.reduce((a, b) => (b[0] + b[1] > a[0] + a[1] ? b : a));
    let pods = 1;
    let surge = 0;
    if (kind === 'Deployment') {
      const deployment = objects.find((o) => o.kind === kind && o.metadata.name === name);
      const hpa = byKind(objects, 'HorizontalPodAutoscaler').find(
        (h) => h.spec.scaleTargetRef.kind === kind && h.spec.scaleTargetRef.name === name,
      );
      pods = hpa?.spec.maxReplicas ?? deployment.spec.replicas ?? 1;
      const maxSurge = deployment.spec.strategy?.rollingUpdate?.maxSurge ?? '25%';
      surge =
        typeof maxSurge === 'number' ? maxSurge : Math.ceil((pods * parseFloat(maxSurge)) / 100);
    }
    // The migration Job is named after the release: the table names it for every release.
    const workload =
      kind === 'Job'
        ? `Job/${template.metadata.labels['app.kubernetes.io/name']}-<release>`
        : owner;
    return { workload, pods, surge, pool, dryRun, total: (pods + surge) * (pool + dryRun) };
  });
}

/** The rows as the cells of docs/scaling.md's table, the total last. */
export function connectionCells(rows: ConnectionRow[]): string[][] {
  return [
    ...rows.map((r) => [
      `\`${r.workload}\``,
      r.surge ? `${r.pods} + ${r.surge}` : String(r.pods),
      String(r.pool),
      String(r.dryRun),
      String(r.total),
    ]),
    ['**total**', '', '', '', `**${rows.reduce((sum, r) => sum + r.total, 0)}**`],
  ];
}

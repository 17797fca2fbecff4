// Issue 19, "Checked in CI": the overlays render with kubectl's kustomize, every object
// validates against the Kubernetes schemas offline (kubernetes-models), every pod template
// meets the restricted Pod Security Standard, and every Secret, ConfigMap, PVC and Service a
// manifest names exists in the render or is listed in deploy/README.md as the platform's.
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import * as k8s from 'kubernetes-models';
import * as gatewayApi from '@kubernetes-models/gateway-api';
import { checkSettings, readerSiteUrl } from '@hc/contracts';
import { trustProxyNamesPeers } from '@hc/http';
import { EDGE_ROUTES, routeFor } from '../../apps/edge/src/routes';
import { attachments, reachableOn } from './gateway-attachment';
import { Destination, egressAllowed, ingressAllowed } from './network-policy';
import { PROMETHEUS_OPERATOR_MODELS } from './prometheus-operator-schemas';
import {
  codeNamesMetric,
  dashboardRuleGroups,
  headingAnchors,
  promtoolCheckRules,
} from './monitoring';
import {
  containerEnv,
  containerFiles,
  DOCKERFILE,
  imageEnv,
  settingsAppOf,
  settingsVerdict,
} from './pod-env';
import {
  byKind,
  containersOf,
  DEPLOY,
  named,
  type Obj,
  podTemplates,
  render,
  renderEdited,
} from './render';

type Overlay = 'dev' | 'production';
const PLACEHOLDERS = /\b(RELEASE|PLATFORM_HOST|READER_DOMAIN|GATEWAY_CLASS)\b/;

/**
 * The combinations a platform team may install (issue 36): an overlay as it is, or with
 * components added by a kustomization of its own (paths relative to deploy/).
 */
interface Combo {
  name: string;
  overlay: Overlay;
  components: string[];
  /** Changes to files of the copy (paths relative to deploy/), as an operator makes them. */
  edits?: Record<string, (text: string) => string>;
}

/** The platform's Gateway the routes-only combination attaches to (not the example's values). */
const SHARED_GATEWAY = {
  gatewayName: 'infra-gateway',
  gatewayNamespace: 'infra-gateways',
  platformSection: 'websecure',
  readerSection: 'websecure',
  httpSection: 'web',
  proxyNamespace: 'infra-gateway-proxies',
};

const COMBOS: Combo[] = [
  { name: 'dev', overlay: 'dev', components: [] },
  { name: 'production', overlay: 'production', components: [] },
  { name: 'dev + monitoring', overlay: 'dev', components: ['monitoring'] },
  // Issue 36 item 5: the help center's own Gateway with the proxies in its namespace (Istio,
  // kgateway, NGINX Gateway Fabric), and routes only, on a Gateway the platform owns.
  {
    name: 'production + proxies in the app namespace',
    overlay: 'production',
    components: ['k8s/components/gateway-proxy-in-namespace'],
  },
  {
    name: 'production, routes only on a shared Gateway',
    overlay: 'production',
    components: [],
    edits: {
      'k8s/overlays/production/kustomization.yaml': (text) =>
        text
          .replace('../../components/gateway-api', '../../components/routes-only')
          .replace('  - namespace.yaml\n', '  - namespace.yaml\n  - shared-gateway.yaml\n'),
      'k8s/overlays/production/shared-gateway.yaml': () =>
        readFileSync(
          join(DEPLOY, 'k8s/components/routes-only/shared-gateway.example.yaml'),
          'utf8',
        ).replace(/^( {2}(\w+): ).*$/gm, (line, prefix: string, key: string) =>
          key in SHARED_GATEWAY
            ? `${prefix}${SHARED_GATEWAY[key as keyof typeof SHARED_GATEWAY]}`
            : line,
        ),
    },
  },
];

/**
 * The platform's Gateway as a typical shared one (issue 36): for routes attached to a Gateway
 * in another namespace, its listeners by the sections they name (the HTTP section on port 80,
 * the others HTTPS on 443), no hostname of their own, admitting routes and ListenerSets of
 * every namespace. So the attachment checks run on the routes-only combination too.
 */
function withPlatformGateway(objects: Obj[]): Obj[] {
  const refs = byKind(objects, 'HTTPRoute').flatMap((r) =>
    r.spec.parentRefs
      .filter((p: Obj) => p.namespace && p.namespace !== r.metadata.namespace)
      .map((p: Obj) => ({ ...p, redirect: r.metadata.name === 'https-redirect' })),
  );
  if (!refs.length) return objects;
  const sections = new Map<string, boolean>(refs.map((p: Obj) => [p.sectionName, p.redirect]));
  const gateway = {
    apiVersion: 'gateway.networking.k8s.io/v1',
    kind: 'Gateway',
    metadata: { name: refs[0].name, namespace: refs[0].namespace },
    spec: {
      gatewayClassName: 'platform',
      allowedListeners: { namespaces: { from: 'All' } },
      listeners: [...sections].map(([name, redirect]) => ({
        name,
        protocol: redirect ? 'HTTP' : 'HTTPS',
        port: redirect ? 80 : 443,
        allowedRoutes: { namespaces: { from: 'All' } },
      })),
    },
  };
  return [...objects, gateway];
}

function renderCombo(combo: Combo): Obj[] {
  if (!combo.components.length && !combo.edits) return render(combo.overlay);
  if (!combo.components.length)
    return renderEdited(combo.overlay, (write) => {
      for (const [path, f] of Object.entries(combo.edits!)) write(path, f);
    });
  const kustomization = [
    'apiVersion: kustomize.config.k8s.io/v1beta1',
    'kind: Kustomization',
    `resources: [../../overlays/${combo.overlay}]`,
    `components: [${combo.components.map((c) => `../../../${c}`).join(', ')}]`,
    '',
  ].join('\n');
  return renderEdited(
    combo.overlay,
    (write) => {
      for (const [path, f] of Object.entries(combo.edits ?? {})) write(path, f);
      write('k8s/combo/test/kustomization.yaml', () => kustomization);
    },
    'k8s/combo/test',
  );
}

/** Every model class the two packages export, by `apiVersion/kind`. */
function modelIndex(): Map<string, { new (data: unknown): { validate(): void } }> {
  const index = new Map();
  const visit = (node: any, depth: number) => {
    if (typeof node === 'function' && node.apiVersion && node.kind) {
      index.set(`${node.apiVersion}/${node.kind}`, node);
    } else if (node && typeof node === 'object' && depth < 4) {
      for (const value of Object.values(node)) visit(value, depth + 1);
    }
  };
  visit(k8s, 0);
  visit(gatewayApi, 0);
  // The monitoring component's Prometheus Operator kinds (issue 36).
  for (const [key, Model] of PROMETHEUS_OPERATOR_MODELS) index.set(key, Model);
  return index;
}

/**
 * Issue 36 item 1: the settings check each container of each pod template runs at start, on
 * exactly the environment the template gives it (with its optional Secrets there, and without).
 * '' per container that starts.
 */
function settingsVerdicts(objects: Obj[]): string[] {
  const image = imageEnv(DOCKERFILE);
  return podTemplates(objects).flatMap(({ owner, template }) =>
    containersOf(template).flatMap((c) =>
      (['present', 'absent'] as const).map((optional) => {
        const verdict = settingsVerdict(
          containerEnv(objects, c, image, optional),
          settingsAppOf(c),
          containerFiles(template, c, optional),
        );
        return verdict && `${owner} ${c.name} (optional Secrets ${optional}): ${verdict}`;
      }),
    ),
  );
}

/** Objects deploy/README.md lists under "Provided by the platform": `Kind name` pairs. */
function providedByPlatform(): Set<string> {
  const readme = readFileSync(join(DEPLOY, 'README.md'), 'utf8');
  const section = readme.split(/^## /m).find((s) => s.startsWith('Provided by the platform'));
  if (!section) throw new Error('deploy/README.md has no "Provided by the platform" section');
  const provided = new Set<string>();
  for (const row of section.matchAll(/^\| *(\w+) *\| *`([^`]+)`/gm)) {
    provided.add(`${row[1]} ${row[2]}`);
  }
  return provided;
}

/** Pod Security Standard "restricted" (and "baseline", which it includes), per pod template. */
function restrictedViolations(template: Obj): string[] {
  const spec = template.spec;
  const pod = spec.securityContext ?? {};
  const problems: string[] = [];
  for (const field of ['hostNetwork', 'hostPID', 'hostIPC']) {
    if (spec[field]) problems.push(`${field} is set`);
  }
  const allowedVolumes = [
    'configMap',
    'csi',
    'downwardAPI',
    'emptyDir',
    'ephemeral',
    'persistentVolumeClaim',
    'projected',
    'secret',
  ];
  for (const volume of spec.volumes ?? []) {
    const type = Object.keys(volume).find((key) => key !== 'name');
    if (!type || !allowedVolumes.includes(type)) problems.push(`volume ${volume.name} is ${type}`);
  }
  if (pod.runAsUser === 0) problems.push('pod runs as user 0');
  if (pod.sysctls?.length) problems.push('pod sets sysctls');
  const podSeccomp = pod.seccompProfile?.type;
  for (const c of [...(spec.initContainers ?? []), ...spec.containers]) {
    const sc = c.securityContext ?? {};
    const where = `container ${c.name}`;
    if (sc.privileged) problems.push(`${where} is privileged`);
    if (sc.allowPrivilegeEscalation !== false) {
      problems.push(`${where} does not set allowPrivilegeEscalation: false`);
    }
    if (!(sc.runAsNonRoot ?? pod.runAsNonRoot)) problems.push(`${where} may run as root`);
    if (sc.runAsUser === 0) problems.push(`${where} runs as user 0`);
    const seccomp = sc.seccompProfile?.type ?? podSeccomp;
    if (seccomp !== 'RuntimeDefault' && seccomp !== 'Localhost') {
      problems.push(`${where} has no RuntimeDefault/Localhost seccomp profile`);
    }
    if (!sc.capabilities?.drop?.includes('ALL')) problems.push(`${where} does not drop ALL`);
    const added = (sc.capabilities?.add ?? []).filter((cap: string) => cap !== 'NET_BIND_SERVICE');
    if (added.length) problems.push(`${where} adds ${added.join(', ')}`);
    if (sc.procMount && sc.procMount !== 'Default') problems.push(`${where} sets procMount`);
    for (const port of c.ports ?? []) {
      if (port.hostPort) problems.push(`${where} uses hostPort ${port.hostPort}`);
    }
    // Ours on top of the standard: nothing writes into the image.
    if (sc.readOnlyRootFilesystem !== true) problems.push(`${where} has a writable root`);
  }
  return problems;
}

const selects = (selector: Record<string, string>, labels: Record<string, string> = {}) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

describe.each(COMBOS)('deploy/k8s: $name', (combo) => {
  const { overlay } = combo;
  const objects = renderCombo(combo);
  // The objects the routes attach to: the render, and the platform's Gateway when they attach
  // to one (routes only).
  const routing = withPlatformGateway(objects);
  const sharedGateway = routing !== objects;
  // The settings every pod gets (its name carries the content hash).
  const config = byKind(objects, 'ConfigMap').find((c) =>
    c.metadata.name.startsWith('helpcenter-config-'),
  ).data;
  // content-api's own environment, as its pod template gives it (issue 36: no Secret added).
  const contentApiEnv = containerEnv(
    objects,
    named(objects, 'Deployment', 'content-api').spec.template.spec.containers[0],
    imageEnv(DOCKERFILE),
    'present',
  );
  const version = named(objects, 'Deployment', 'content-api').metadata.labels[
    'app.kubernetes.io/version'
  ];

  it('renders a Deployment, Service and PodDisruptionBudget per app and an autoscaler per HTTP app', () => {
    const apps = [
      'content-api',
      'auth-server',
      'mcp-gateway',
      'design-service',
      'reader-site',
      'dashboard',
    ];
    for (const app of [...apps, 'webhook-dispatcher']) {
      for (const kind of ['Deployment', 'Service', 'PodDisruptionBudget']) {
        expect(named(objects, kind, app)).toBeDefined();
      }
    }
    expect(
      byKind(objects, 'HorizontalPodAutoscaler')
        .map((h) => h.spec.scaleTargetRef.name)
        .sort(),
    ).toEqual([...apps].sort());
    expect(objects.map((o) => JSON.stringify(o)).filter((s) => PLACEHOLDERS.test(s))).toEqual([]);
  });

  it('validates every object against the Kubernetes schemas', () => {
    const models = modelIndex();
    const failures: string[] = [];
    for (const object of objects) {
      const Model = models.get(`${object.apiVersion}/${object.kind}`);
      if (!Model) {
        failures.push(`${object.apiVersion} ${object.kind} has no schema`);
        continue;
      }
      try {
        new Model(object).validate();
      } catch (err) {
        failures.push(`${object.kind}/${object.metadata.name}: ${(err as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('would refuse a malformed PodMonitor or PrometheusRule (the schemas attack)', () => {
    const models = modelIndex();
    const check = (o: Obj) => {
      try {
        new (models.get(`${o.apiVersion}/${o.kind}`)!)(o).validate();
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    };
    const monitor = {
      apiVersion: 'monitoring.coreos.com/v1',
      kind: 'PodMonitor',
      metadata: { name: 'x' },
      spec: { selector: {}, podMetricsEndpoints: [{ port: 'http', interval: '30s' }] },
    };
    expect(check(monitor)).toBe('');
    expect(check({ ...monitor, spec: { podMetricsEndpoints: [] } })).toMatch(/selector/);
    expect(
      check({ ...monitor, spec: { selector: {}, podMetricsEndpoints: [{ interval: '30 s' }] } }),
    ).toMatch(/pattern/);
    const rules = {
      apiVersion: 'monitoring.coreos.com/v1',
      kind: 'PrometheusRule',
      metadata: { name: 'x' },
      spec: { groups: [{ name: 'g', rules: [{ alert: 'A', expr: 'up == 0', for: '5m' }] }] },
    };
    expect(check(rules)).toBe('');
    expect(check({ ...rules, spec: { groups: [{ name: 'g', rules: [{ alert: 'A' }] }] } })).toMatch(
      /expr/,
    );
    expect(check({ ...rules, spec: { groups: [{ rules: [] }] } })).toMatch(/name/);
  });

  it('meets the restricted Pod Security Standard in every pod template', () => {
    const templates = podTemplates(objects);
    expect(templates.length).toBeGreaterThanOrEqual(8);
    const violations = templates.flatMap(({ owner, template }) =>
      restrictedViolations(template).map((problem) => `${owner}: ${problem}`),
    );
    expect(violations).toEqual([]);
    const namespace = byKind(objects, 'Namespace')[0];
    expect(namespace.metadata.labels['pod-security.kubernetes.io/enforce']).toBe('restricted');
  });

  it('gives every Deployment probes, a drain, resources and a topology spread', () => {
    const shutdownMs = checkSettings(contentApiEnv, 'content-api').settings.values
      .HC_SHUTDOWN_TIMEOUT;
    for (const deployment of byKind(objects, 'Deployment')) {
      const spec = deployment.spec.template.spec;
      // preStop, then the app's own drain (HC_SHUTDOWN_TIMEOUT), inside the grace period.
      const preStop = spec.containers[0].lifecycle.preStop.sleep.seconds;
      expect(preStop * 1000 + shutdownMs).toBeLessThan(spec.terminationGracePeriodSeconds * 1000);
      expect(spec.topologySpreadConstraints?.length).toBeGreaterThan(0);
      for (const c of spec.containers) {
        expect([c.startupProbe, c.livenessProbe, c.readinessProbe].every(Boolean)).toBe(true);
        expect(c.readinessProbe.httpGet.path).toBe('/health/ready');
        expect(c.lifecycle?.preStop).toBeDefined();
        expect(c.resources.requests.cpu && c.resources.requests.memory).toBeTruthy();
        expect(c.resources.limits.memory).toBeTruthy();
      }
    }
  });

  it('starts every pod template with exactly its own environment: the settings check passes (issue 36)', () => {
    const owners = podTemplates(objects).map(({ owner }) => owner);
    expect(owners).toEqual(
      expect.arrayContaining([
        `Job/helpcenter-migrate-${version}`,
        'CronJob/helpcenter-analytics-rollup',
        'CronJob/helpcenter-migrate-revert',
        'Deployment/content-api',
      ]),
    );
    expect(settingsVerdicts(objects).filter(Boolean)).toEqual([]);
    // The Job reads the same settings as the Deployments, from a ConfigMap without a hash.
    const jobConfig = named(objects, 'ConfigMap', 'helpcenter-job-config');
    expect(jobConfig?.data).toEqual(config);
  });

  it('would catch a pod template that lacks a Secret its settings need (the check attacks)', () => {
    // Issue 36's finding: the shared settings name a Kafka SASL mechanism, whose user and
    // password only the relay's and the dispatcher's Secrets hold.
    const withSasl = objects.map((o) =>
      o.kind === 'ConfigMap' && /^helpcenter-(job-)?config/.test(o.metadata.name)
        ? { ...o, data: { ...o.data, HC_KAFKA_SASL_MECHANISM: 'scram-sha-512' } }
        : o,
    );
    const refused = new Set(
      settingsVerdicts(withSasl)
        .filter(Boolean)
        .map((verdict) => verdict.split(' ')[0]),
    );
    for (const owner of [
      `Job/helpcenter-migrate-${version}`,
      'CronJob/helpcenter-analytics-rollup',
      'CronJob/helpcenter-migrate-revert',
      'Deployment/reader-site',
    ])
      expect(`${owner} refused: ${refused.has(owner)}`).toBe(`${owner} refused: true`);
    // A required key left out: production refuses the CLI without the data keys.
    if (overlay !== 'production') return;
    const job = structuredClone(named(objects, 'Job', `helpcenter-migrate-${version}`));
    const migrate = job.spec.template.spec.initContainers[0];
    migrate.env = migrate.env.filter((v: Obj) => v.name !== 'HC_DATA_KEYS');
    expect(settingsVerdicts([...objects.filter((o) => o.kind !== 'Job'), job]).join('\n')).toMatch(
      /Job\/helpcenter-migrate-[^ ]+ migrate \(optional Secrets present\): settings: HC_DATA_KEYS is unset/,
    );
  });

  it('names the migration Job anew whenever its template changes, so apply never meets an immutable field (issue 36)', () => {
    const job = (objs: Obj[]) => byKind(objs, 'Job')[0];
    const contentApiConfig = (objs: Obj[]) =>
      named(objs, 'Deployment', 'content-api').spec.template.spec.containers[0].envFrom[0]
        .configMapRef.name;
    const before = job(objects);
    const ok = (after: Obj) =>
      after.metadata.name !== before.metadata.name ||
      JSON.stringify(after.spec.template) === JSON.stringify(before.spec.template);
    // A settings change within a release: the Deployments roll, the Job's template stays.
    const settingsChanged = renderEdited(overlay, (write) =>
      write(`k8s/overlays/${overlay}/config.env`, (text) =>
        text.replace(/^LOG_LEVEL=.*$/m, 'LOG_LEVEL=warn'),
      ),
    );
    expect(contentApiConfig(settingsChanged)).not.toBe(contentApiConfig(objects));
    expect(named(settingsChanged, 'ConfigMap', 'helpcenter-job-config').data.LOG_LEVEL).toBe(
      'warn',
    );
    expect(ok(job(settingsChanged))).toBe(true);
    // A new release (image tag and version label): a new Job.
    const released = renderEdited(overlay, (write) =>
      write(`k8s/overlays/${overlay}/kustomization.yaml`, (text) =>
        text.replace(/newTag: .*/, 'newTag: 9.8.7').replace(/(version: ).*/, '$19.8.7'),
      ),
    );
    expect(job(released).metadata.name).toBe('helpcenter-migrate-9.8.7');
    expect(ok(job(released))).toBe(true);
    // The attack: the Job reading the hashed ConfigMap, as before, keeps its name on a
    // settings change while its template changes.
    const hashed = renderEdited(overlay, (write) => {
      write('k8s/base/migrate-job.yaml', (text) =>
        text.replace(/helpcenter-job-config/g, 'helpcenter-config'),
      );
      write(`k8s/overlays/${overlay}/config.env`, (text) =>
        text.replace(/^LOG_LEVEL=.*$/m, 'LOG_LEVEL=warn'),
      );
    });
    expect(ok(job(hashed))).toBe(false);
  });

  it('references only Secrets, ConfigMaps, PVCs and Services that exist or the platform provides', () => {
    const provided = providedByPlatform();
    const exists = (kind: string, name: string) =>
      Boolean(named(objects, kind, name)) || provided.has(`${kind} ${name}`);
    const missing: string[] = [];
    const need = (kind: string, name: string, from: string) => {
      if (!exists(kind, name)) missing.push(`${from} needs ${kind} ${name}`);
    };
    for (const { owner, template } of podTemplates(objects)) {
      const spec = template.spec;
      for (const c of containersOf(template)) {
        for (const source of c.envFrom ?? []) {
          if (source.configMapRef) need('ConfigMap', source.configMapRef.name, owner);
          if (source.secretRef) need('Secret', source.secretRef.name, owner);
        }
        for (const variable of c.env ?? []) {
          const ref = variable.valueFrom;
          if (ref?.secretKeyRef) need('Secret', ref.secretKeyRef.name, owner);
          if (ref?.configMapKeyRef) need('ConfigMap', ref.configMapKeyRef.name, owner);
        }
      }
      for (const volume of spec.volumes ?? []) {
        if (volume.persistentVolumeClaim) {
          need('PersistentVolumeClaim', volume.persistentVolumeClaim.claimName, owner);
        }
        if (volume.secret) need('Secret', volume.secret.secretName, owner);
        if (volume.configMap) need('ConfigMap', volume.configMap.name, owner);
      }
      if (spec.serviceAccountName) need('ServiceAccount', spec.serviceAccountName, owner);
    }
    for (const route of byKind(objects, 'HTTPRoute')) {
      for (const parent of route.spec.parentRefs) {
        // Routes only (issue 36): the platform's Gateway, in its namespace, as configured.
        if (parent.namespace && parent.namespace !== route.metadata.namespace) {
          expect([parent.name, parent.namespace]).toEqual([
            SHARED_GATEWAY.gatewayName,
            SHARED_GATEWAY.gatewayNamespace,
          ]);
          continue;
        }
        need(parent.kind ?? 'Gateway', parent.name, `HTTPRoute/${route.metadata.name}`);
      }
      for (const rule of route.spec.rules) {
        for (const backend of rule.backendRefs ?? []) {
          need('Service', backend.name, `HTTPRoute/${route.metadata.name}`);
          const service = named(objects, 'Service', backend.name);
          expect(service?.spec.ports.map((p: Obj) => p.port)).toContain(backend.port);
        }
      }
    }
    for (const gateway of [...byKind(objects, 'Gateway'), ...byKind(objects, 'ListenerSet')]) {
      for (const listener of gateway.spec.listeners) {
        for (const ref of listener.tls?.certificateRefs ?? [])
          need('Secret', ref.name, `${gateway.kind} listener ${listener.name}`);
      }
      if (gateway.kind === 'ListenerSet' && !gateway.spec.parentRef.namespace)
        need('Gateway', gateway.spec.parentRef.name, gateway.kind);
    }
    for (const ingress of byKind(objects, 'Ingress')) {
      for (const tls of ingress.spec.tls ?? []) need('Secret', tls.secretName, 'Ingress');
      for (const rule of ingress.spec.rules) {
        for (const path of rule.http.paths) need('Service', path.backend.service.name, 'Ingress');
      }
    }
    for (const hpa of byKind(objects, 'HorizontalPodAutoscaler')) {
      need(
        'Deployment',
        hpa.spec.scaleTargetRef.name,
        `HorizontalPodAutoscaler/${hpa.metadata.name}`,
      );
    }
    expect(missing).toEqual([]);
    // Secrets are referenced, never defined with values here.
    expect(byKind(objects, 'Secret')).toEqual([]);
  });

  it('selects pods that exist, on ports they declare', () => {
    const pods = byKind(objects, 'Deployment').map((d) => d.spec.template);
    for (const service of byKind(objects, 'Service')) {
      const targets = pods.filter((p) => selects(service.spec.selector, p.metadata.labels));
      expect(targets).toHaveLength(1);
      const portNames = targets[0].spec.containers.flatMap((c: Obj) =>
        c.ports.map((p: Obj) => p.name),
      );
      for (const port of service.spec.ports) expect(portNames).toContain(port.targetPort);
    }
    for (const pdb of byKind(objects, 'PodDisruptionBudget')) {
      expect(pods.some((p) => selects(pdb.spec.selector.matchLabels, p.metadata.labels))).toBe(
        true,
      );
    }
  });

  it('lets only the gateway reach the HTTP apps, and only the apps reach the data stores', () => {
    const policies = byKind(objects, 'NetworkPolicy');
    const deny = policies.find((p) => Object.keys(p.spec.podSelector).length === 0);
    expect(deny?.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(deny?.spec.ingress).toBeUndefined();
    expect(deny?.spec.egress).toBeUndefined();
    const web = byKind(objects, 'Deployment').filter(
      (d) => d.spec.template.metadata.labels['app.kubernetes.io/component'] === 'web',
    );
    expect(web.map((d) => d.metadata.name).sort()).toEqual(
      byKind(objects, 'HorizontalPodAutoscaler')
        .map((h) => h.spec.scaleTargetRef.name)
        .sort(),
    );
    const fromGateway = named(objects, 'NetworkPolicy', 'web-from-gateway');
    for (const deployment of web) {
      expect(
        selects(fromGateway.spec.podSelector.matchLabels, deployment.spec.template.metadata.labels),
      ).toBe(true);
    }
    // The proxies: another namespace's pods, or (issue 36) this namespace's proxy pods only.
    expect(
      fromGateway.spec.ingress[0].from.every(
        (peer: Obj) =>
          (peer.namespaceSelector && !peer.podSelector) ||
          (!peer.namespaceSelector &&
            peer.podSelector?.matchLabels?.['gateway.networking.k8s.io/gateway-name']),
      ),
    ).toBe(true);
    const stores = named(objects, 'NetworkPolicy', 'datastores-from-apps');
    expect(stores.spec.ingress[0].from).toEqual([
      { podSelector: { matchLabels: { 'app.kubernetes.io/part-of': 'helpcenter' } } },
    ]);
  });

  it('gives each app only the Secrets it needs, key by key (issue 34)', () => {
    const refs = (template: Obj) =>
      containersOf(template).flatMap((c: Obj) => [
        ...(c.envFrom ?? []).filter((s: Obj) => s.secretRef).map((s: Obj) => s.secretRef.name),
        ...(c.env ?? [])
          .filter((v: Obj) => v.valueFrom?.secretKeyRef)
          .map((v: Obj) => `${v.valueFrom.secretKeyRef.name}/${v.valueFrom.secretKeyRef.key}`),
      ]);
    const redis = ['helpcenter-redis/password', 'helpcenter-redis/username'];
    const kafka = (app: string) =>
      ['mechanism', 'password', 'username'].map((key) => `helpcenter-kafka-${app}/${key}`);
    const expected: Record<string, string[]> = {
      'content-api': [
        'helpcenter-database/content-api',
        ...redis,
        'helpcenter-internal-token/token',
        'helpcenter-s3/access-key-id',
        'helpcenter-s3/secret-access-key',
        'helpcenter-smtp/url',
        'helpcenter-data-keys/keys',
      ],
      'auth-server': [
        'helpcenter-database/auth-server',
        ...redis,
        'helpcenter-smtp/url',
        'helpcenter-data-keys/keys',
      ],
      // The secret that makes content-api believe mcp-gateway's agent addresses (issue 36).
      'mcp-gateway': [
        'helpcenter-database/mcp-gateway',
        ...redis,
        'helpcenter-internal-token/token',
      ],
      'design-service': ['helpcenter-database/design-service', ...redis],
      'reader-site': ['helpcenter-database/reader-site', ...redis],
      'webhook-dispatcher': [
        'helpcenter-database/webhook-dispatcher',
        ...redis,
        ...kafka('webhook-dispatcher'),
        'helpcenter-data-keys/keys',
      ],
      'event-relay': ['helpcenter-database/event-relay', ...redis, ...kafka('event-relay')],
      // Static files only (docs/dashboard.md).
      dashboard: [],
    };
    for (const deployment of byKind(objects, 'Deployment')) {
      const app = deployment.metadata.name;
      expect({ app, secrets: refs(deployment.spec.template).sort() }).toEqual({
        app,
        secrets: [...expected[app]].sort(),
      });
    }
    // The reader site in particular: no S3 write key, no SMTP, no Kafka credentials, no data key.
    const reader = refs(named(objects, 'Deployment', 'reader-site').spec.template).join(' ');
    expect(reader).not.toMatch(/s3|smtp|kafka|data-keys|helpcenter-secrets/);
    // The data key reaches the pods that seal or open secrets (and the CLI's Jobs) only.
    const withDataKey = podTemplates(objects)
      .filter(({ template }) => refs(template).includes('helpcenter-data-keys/keys'))
      .map(({ owner }) => owner.replace(/-\d+\.\d+\.\d+$/, ''))
      .sort();
    expect(withDataKey).toEqual(
      [
        'CronJob/helpcenter-analytics-rollup',
        'CronJob/helpcenter-migrate-revert',
        // Two-factor secrets (issue 38).
        'Deployment/auth-server',
        'Deployment/content-api',
        'Deployment/webhook-dispatcher',
        'Job/helpcenter-migrate',
      ].sort(),
    );
    // Every pod template names its Secrets key by key: no whole Secret becomes environment.
    for (const { owner, template } of podTemplates(objects)) {
      for (const c of containersOf(template))
        expect(`${owner} ${(c.envFrom ?? []).filter((s: Obj) => s.secretRef).length}`).toBe(
          `${owner} 0`,
        );
    }
  });

  it('lets pods out only to what they use: the internet only for the apps that fetch (issue 34)', () => {
    const policies = byKind(objects, 'NetworkPolicy');
    const pods = podTemplates(objects).map(({ owner, template }) => ({
      owner,
      name: owner.startsWith('Deployment/') ? owner.slice('Deployment/'.length) : owner,
      labels: template.metadata.labels,
    }));
    const podOf = (app: string) => {
      const template = named(objects, 'Deployment', app).spec.template;
      const ports = Object.fromEntries(
        template.spec.containers.flatMap((c: Obj) =>
          (c.ports ?? []).map((p: Obj) => [p.name, p.containerPort]),
        ),
      );
      return { labels: template.metadata.labels, ports };
    };
    const can = (labels: Obj, to: Destination) => egressAllowed(policies, labels, to);
    // Data stores anywhere (a managed service outside the cluster, or a pod elsewhere).
    const everyone: Destination[] = [
      { ip: '10.96.0.10', port: 53, protocol: 'UDP' },
      { ip: '10.96.0.10', port: 53, protocol: 'TCP' },
      { ip: '10.20.0.5', port: 3306 },
      { ip: '10.20.0.6', port: 6379 },
      { ip: '10.20.0.7', port: 9093 },
      { ip: '10.20.0.8', port: 4317 },
      { ip: '10.20.0.8', port: 4318 },
    ];
    const internet: Destination[] = [
      { ip: '93.184.216.34', port: 443 },
      { ip: '93.184.216.34', port: 80 },
      { ip: '93.184.216.34', port: 8443 },
      { ip: '2606:2800:220:1:248:1893:25c8:1946', port: 443 },
    ];
    const neverInternal: Destination[] = [
      { ip: '169.254.169.254', port: 80 },
      { ip: 'fd00:ec2::254', port: 80 },
      { ip: '10.0.0.1', port: 443 },
      { ip: '172.16.5.4', port: 8080 },
      { ip: '192.168.1.1', port: 80 },
      { ip: '100.100.100.200', port: 80 },
      { ip: '127.0.0.1', port: 8080 },
      { ip: 'fe80::1', port: 80 },
    ];
    const fetchers = ['webhook-dispatcher', 'content-api', 'auth-server'];
    const failures: string[] = [];
    for (const pod of pods) {
      for (const to of everyone)
        if (!can(pod.labels, to)) failures.push(`${pod.owner} cannot reach ${to.ip}:${to.port}`);
      for (const to of internet) {
        if (can(pod.labels, to) !== fetchers.includes(pod.name))
          failures.push(`${pod.owner} internet ${to.ip}:${to.port}: ${can(pod.labels, to)}`);
      }
      for (const to of neverInternal) {
        if (can(pod.labels, to)) failures.push(`${pod.owner} reaches ${to.ip}:${to.port}`);
      }
      // S3-compatible storage (MinIO's 9000, in the cluster) for content-api alone, SMTP for it
      // and auth-server (the other fetchers reach a public mail server's port as any other
      // public port).
      const smtp = { ip: '203.0.113.25', port: 587 };
      const minio = { ip: '10.30.0.9', port: 9000 };
      if (can(pod.labels, minio) !== (pod.name === 'content-api'))
        failures.push(`${pod.owner} S3 ${can(pod.labels, minio)}`);
      if (can(pod.labels, smtp) !== (fetchers.includes(pod.name) || pod.name === 'auth-server'))
        failures.push(`${pod.owner} SMTP ${can(pod.labels, smtp)}`);
    }
    expect(failures).toEqual([]);
    // mcp-gateway's tools reach content-api's pods, and content-api lets them in; no other app.
    const mcp = podOf('mcp-gateway').labels;
    const api = podOf('content-api');
    expect(can(mcp, { pod: api, port: api.ports.http })).toBe(true);
    const reader = podOf('reader-site');
    expect(can(mcp, { pod: reader, port: reader.ports.http })).toBe(false);
    expect(can(podOf('reader-site').labels, { pod: api, port: api.ports.http })).toBe(false);
    const inbound = named(objects, 'NetworkPolicy', 'content-api-from-mcp-gateway');
    expect(inbound.spec.podSelector.matchLabels).toEqual({
      'app.kubernetes.io/name': 'content-api',
    });
    expect(inbound.spec.ingress[0].from).toEqual([
      { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'mcp-gateway' } } },
    ]);
  });

  it("points mcp-gateway's internal API URL at content-api's Service, on a path the policies open (issue 36)", () => {
    // The regression: HC_API_BASE_URL (the public origin) as the tools' target, which the
    // egress policy does not let out (and which, in dev, is the gateway pod itself).
    const mcp = named(objects, 'Deployment', 'mcp-gateway').spec.template;
    const env = Object.fromEntries(
      (mcp.spec.containers[0].env ?? [])
        .filter((v: Obj) => typeof v.value === 'string')
        .map((v: Obj) => [v.name, v.value]),
    );
    const { settings } = checkSettings({
      ...config,
      ...env,
      HC_DATABASE_URL: 'mysql://helpcenter_mcp:s3cr3t-from-the-secret@mysql:3306/helpcenter',
      HC_INTERNAL_TOKEN: 'k5mY0yqg7cQ1c0a1Yv3yW4N1kz9t2Jr8u6s5p4o3n2m=',
    });
    const internal = new URL(settings.internalApiUrl);
    expect(internal.host).not.toBe(new URL(settings.apiBaseUrl).host);
    // A Service of this namespace: `name`, `name.<namespace>`, `name.<namespace>.svc[.cluster.local]`.
    const namespace = named(objects, 'Deployment', 'content-api').metadata.namespace;
    const [serviceName, ns, ...rest] = internal.hostname.split('.');
    expect(`${ns ?? namespace}.${rest.join('.')}`).toMatch(
      new RegExp(`^${namespace}\\.(svc(\\.cluster\\.local)?)?$`),
    );
    const service = named(objects, 'Service', serviceName!);
    expect(`Service ${serviceName}: ${Boolean(service)}`).toBe(`Service ${serviceName}: true`);
    const port = Number(internal.port || (internal.protocol === 'https:' ? 443 : 80));
    const servicePort = service.spec.ports.find((p: Obj) => p.port === port);
    expect(`${serviceName}:${port} ${Boolean(servicePort)}`).toBe(`${serviceName}:${port} true`);
    // The pods behind it are content-api's, and the port it reaches is theirs.
    const backends = byKind(objects, 'Deployment').filter((d) =>
      selects(service.spec.selector, d.spec.template.metadata.labels),
    );
    expect(backends.map((d) => d.metadata.name)).toEqual(['content-api']);
    const api = backends[0].spec.template;
    const ports: Record<string, number> = Object.fromEntries(
      api.spec.containers.flatMap((c: Obj) =>
        (c.ports ?? []).map((p: Obj) => [p.name, p.containerPort]),
      ),
    );
    const podPort =
      typeof servicePort.targetPort === 'string'
        ? ports[servicePort.targetPort]
        : (servicePort.targetPort ?? servicePort.port);
    expect(Object.values(ports)).toContain(podPort);
    // …which mcp-gateway may open, and content-api accepts from it (and from no other app).
    const policies = byKind(objects, 'NetworkPolicy');
    const pod = { labels: api.metadata.labels, ports };
    expect(egressAllowed(policies, mcp.metadata.labels, { pod, port: podPort })).toBe(true);
    expect(ingressAllowed(policies, pod, { pod: { labels: mcp.metadata.labels } }, podPort)).toBe(
      true,
    );
    for (const other of byKind(objects, 'Deployment')) {
      const labels = other.spec.template.metadata.labels;
      if (other.metadata.name === 'mcp-gateway' || other.metadata.name === 'content-api') continue;
      expect(
        `${other.metadata.name}: ${ingressAllowed(policies, pod, { pod: { labels } }, podPort)}`,
      ).toBe(`${other.metadata.name}: false`);
    }
  });

  it('pins the image tag to the release and names the migration Job after it', () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    for (const { owner, template } of podTemplates(objects)) {
      for (const c of containersOf(template)) {
        expect(`${owner} ${c.image}`).toBe(
          `${owner} ${c.image.replace(/:[^:/]+$/, '')}:${version}`,
        );
      }
    }
    const jobs = byKind(objects, 'Job');
    expect(jobs.map((j) => j.metadata.name)).toEqual([`helpcenter-migrate-${version}`]);
    // Migrations first (an init container), then the grants of the release's tables (issue 36).
    const job = jobs[0].spec.template.spec;
    expect(job.initContainers.map((c: Obj) => c.args)).toEqual([['hc', 'migrate']]);
    expect(job.containers.map((c: Obj) => c.args)).toEqual([['hc', 'db', 'grants']]);
    // Ordered first by Argo CD; recreated by Flux should its template change (deploy/README.md).
    expect(jobs[0].metadata.annotations).toMatchObject({
      'argocd.argoproj.io/sync-wave': '-1',
      'kustomize.toolkit.fluxcd.io/force': 'enabled',
    });
    const dbUser = (c: Obj) =>
      c.env.find((v: Obj) => v.name === 'HC_DATABASE_URL').valueFrom.secretKeyRef.key;
    expect([dbUser(job.initContainers[0]), dbUser(job.containers[0])]).toEqual([
      'migrate',
      'grants',
    ]);
    const cron = named(objects, 'CronJob', 'helpcenter-analytics-rollup');
    expect(cron.spec.concurrencyPolicy).toBe('Forbid');
    expect(cron.spec.jobTemplate.spec.template.spec.containers[0].args).toEqual([
      'hc',
      'analytics',
      'rollup',
    ]);
  });

  it('sets the transport, storage and rollup explicitly, with settings the apps accept', () => {
    expect(['outbox', 'kafka']).toContain(config.HC_EVENT_TRANSPORT);
    expect(config.HC_ANALYTICS_ROLLUP_TIMER).toBe('false');
    // As the image runs content-api (NODE_ENV=production unless the overlay says otherwise),
    // with its own Secrets: no refusal, no unknown name.
    const { settings, warnings } = checkSettings(contentApiEnv, 'content-api');
    expect(warnings).toEqual([]);
    expect(settings.analyticsRollupTimer).toBe(false);
    const hosts = [
      ...byKind(objects, 'HTTPRoute').flatMap((r) => r.spec.hostnames ?? []),
      ...byKind(objects, 'Ingress').flatMap((i) => i.spec.rules.map((r: Obj) => r.host)),
    ];
    expect(hosts).toContain(new URL(settings.publicUrl).host);
    expect(hosts).toContain(`*.${config.HC_READER_DOMAIN}`);
    // Sites' addresses (spec: `url`, `_links.view.url`) land on the reader route.
    const siteUrl = new URL(readerSiteUrl('demo', settings));
    expect(siteUrl.host).toBe(`demo.${config.HC_READER_DOMAIN}`);
    expect(siteUrl.protocol).toBe(overlay === 'production' ? 'https:' : 'http:');
    const relay = named(objects, 'Deployment', 'event-relay');
    if (overlay === 'production') {
      expect(settings.eventTransport).toBe('kafka');
      // The relay is its own Deployment beside the dispatcher (docs/decisions.md "Kafka path").
      expect(relay.spec.template.spec.containers[0].args).toEqual(['event-relay']);
      expect(relay.spec.replicas).toBeGreaterThanOrEqual(2);
      expect(named(objects, 'PodDisruptionBudget', 'event-relay')).toBeDefined();
      expect(settings.kafka).toMatchObject({ idempotent: true, ssl: true });
      expect(settings.imageStorage.driver).toBe('s3');
      expect(settings.redisUrl).not.toBeNull();
      expect(byKind(objects, 'PersistentVolumeClaim')).toEqual([]);
    } else {
      expect(settings.eventTransport).toBe('outbox');
      expect(relay).toBeUndefined();
    }
  });

  // Issue 36 item 7: the monitoring component (production, or added to dev).
  const monitored = byKind(objects, 'PrometheusRule').length > 0;
  const operations = readFileSync(join(DEPLOY, '..', 'docs', 'operations.md'), 'utf8');
  /** Every metric name an expression uses, with whether the code exports it. */
  const metricsOf = (expr: string) =>
    [...new Set(expr.match(/\b(hc|nodejs|process|kube|up)_?[a-z0-9_]*/g) ?? [])].filter(
      (name) => name === 'up' || name.includes('_'),
    );
  const exported = (metric: string) => {
    // prom-client's defaults (collectDefaultMetrics), kube-state-metrics' and Prometheus' own.
    if (/^(nodejs_|process_|kube_job_)/.test(metric) || metric === 'up') return true;
    const base = metric.replace(/_(bucket|sum|count)$/, '');
    return codeNamesMetric(join(DEPLOY, '..'), base);
  };

  it('ships alert rules that promtool accepts, each with its runbook, on metrics the apps export (issue 36)', () => {
    expect(named(objects, 'ConfigMap', 'helpcenter-alert-rules')).toBeUndefined();
    if (!monitored) return expect(combo.components).toEqual([]);
    const groups = named(objects, 'PrometheusRule', 'helpcenter').spec.groups;
    expect(promtoolCheckRules(groups)).toBe('');
    // The export check can say no.
    expect(exported('hc_no_such_metric_total')).toBe(false);
    const alerts: Obj[] = groups.flatMap((g: Obj) => g.rules);
    expect(alerts.map((a) => a.alert).sort()).toEqual(
      [
        'HelpCenterDatabasePoolWaiters',
        'HelpCenterEventLoopLag',
        'HelpCenterEventRelayNoLease',
        'HelpCenterHigh5xxRatio',
        'HelpCenterMigrationJobFailed',
        'HelpCenterOutboxStale',
        'HelpCenterRateLimitsDegraded',
        'HelpCenterRollupJobFailed',
        'HelpCenterWebhookFailureRatio',
        'HelpCenterWebhookRetryQueueGrowing',
      ].sort(),
    );
    const anchors = headingAnchors(operations);
    for (const alert of alerts) {
      // A runbook entry per alert: its own section of docs/operations.md, which exists.
      const anchor = /\/docs\/operations\.md#([\w-]+)$/.exec(
        alert.annotations?.runbook_url ?? '',
      )?.[1];
      expect(`${alert.alert}: ${anchor}`).toBe(`${alert.alert}: ${alert.alert.toLowerCase()}`);
      expect(`${alert.alert}: #${anchor} ${anchors.has(anchor!)}`).toBe(
        `${alert.alert}: #${anchor} true`,
      );
      expect(alert.labels?.severity).toMatch(/^(page|ticket)$/);
      for (const metric of metricsOf(String(alert.expr))) {
        const base = metric.replace(/_(bucket|sum|count)$/, '');
        expect(`${alert.alert}: ${metric} exported ${exported(metric)}`).toBe(
          `${alert.alert}: ${metric} exported true`,
        );
        if (base.startsWith('hc_'))
          expect(`${alert.alert}: ${base} documented ${operations.includes(`\`${base}\``)}`).toBe(
            `${alert.alert}: ${base} documented true`,
          );
      }
      // An alert about requests, pools, event loops or Redis names the app it fires for.
      if (/hc_http_|hc_db_pool|nodejs_|hc_rate_limit/.test(alert.expr)) {
        expect(`${alert.alert}: ${/by \(app\b/.test(alert.expr)}`).toBe(`${alert.alert}: true`);
        expect(alert.annotations.summary).toContain('{{ $labels.app }}');
      }
    }
  });

  it('would refuse a broken rule expression (promtool attacks)', () => {
    if (!monitored) return expect(combo.components).toEqual([]);
    const groups = structuredClone(named(objects, 'PrometheusRule', 'helpcenter').spec.groups);
    groups[0].rules[0].expr = 'sum by (app) (rate(hc_http_request_duration_seconds_count[5m])';
    expect(promtoolCheckRules(groups)).toMatch(/unclosed|parse error|expected/i);
  });

  it('scrapes every app keeping its name as `app`, and ships one dashboard of valid queries (issue 36)', () => {
    if (!monitored) return expect(byKind(objects, 'PodMonitor')).toEqual([]);
    const monitors = byKind(objects, 'PodMonitor');
    expect(monitors).toHaveLength(1);
    const monitor = monitors[0];
    const endpoint = monitor.spec.podMetricsEndpoints[0];
    expect([endpoint.port, endpoint.path]).toEqual(['http', '/metrics']);
    expect(endpoint.relabelings).toContainEqual({
      sourceLabels: ['__meta_kubernetes_pod_label_app_kubernetes_io_name'],
      targetLabel: 'app',
    });
    const picks = (labels: Record<string, string>) =>
      selects(monitor.spec.selector.matchLabels, labels) &&
      (monitor.spec.selector.matchExpressions ?? []).every(
        (e: Obj) => e.operator === 'In' && e.values.includes(labels[e.key]),
      );
    for (const d of byKind(objects, 'Deployment')) {
      expect(`${d.metadata.name} scraped ${picks(d.spec.template.metadata.labels)}`).toBe(
        `${d.metadata.name} scraped true`,
      );
      expect(d.spec.template.spec.containers[0].ports.map((p: Obj) => p.name)).toContain('http');
    }
    const dashboards = byKind(objects, 'ConfigMap').filter(
      (c) => c.metadata.labels?.grafana_dashboard === '1',
    );
    expect(dashboards).toHaveLength(1);
    const dashboard = JSON.parse(dashboards[0].data['helpcenter.json']);
    const exprs: string[] = dashboard.panels.flatMap((p: Obj) => p.targets.map((t: Obj) => t.expr));
    expect(promtoolCheckRules(dashboardRuleGroups(dashboard))).toBe('');
    for (const metric of new Set(exprs.flatMap(metricsOf)))
      expect(`${metric} exported ${exported(metric)}`).toBe(`${metric} exported true`);
    // Request rate, errors and latency per app, deliveries, outbox age, pool use.
    const all = exprs.join('\n');
    for (const needed of [
      /sum by \(app\) \(rate\(hc_http_request_duration_seconds_count/,
      /status=~"5\.\."/,
      /histogram_quantile\(0\.95, sum by \(app, le\)/,
      /hc_webhook_deliveries_total/,
      /hc_outbox_oldest_age_seconds/,
      /hc_db_pool_connections\{[^}]*state="used"/,
    ])
      expect(all).toMatch(needed);
  });

  it('routes the platform origin as the edge does, and reader hosts to the reader site', () => {
    const platformHost = new URL(config.HC_PUBLIC_URL).host;
    const platformRoutes: Array<[string, string]> = [
      ...byKind(objects, 'HTTPRoute')
        .filter((r) => r.spec.hostnames?.includes(platformHost))
        .flatMap((r) =>
          r.spec.rules.flatMap((rule: Obj) =>
            // Rules without a backend redirect (plain HTTP to https).
            rule.backendRefs
              ? rule.matches.map(
                  (m: Obj) => [m.path.value, rule.backendRefs[0].name] as [string, string],
                )
              : [],
          ),
        ),
      ...byKind(objects, 'Ingress').flatMap((i) =>
        i.spec.rules
          .filter((r: Obj) => r.host === platformHost)
          .flatMap((r: Obj) =>
            r.http.paths.map((p: Obj) => [p.path, p.backend.service.name] as [string, string]),
          ),
      ),
    ];
    expect(platformRoutes.length).toBeGreaterThan(5);
    for (const [prefix, service] of platformRoutes) {
      expect(`${prefix} -> ${routeFor(prefix)?.app}`).toBe(`${prefix} -> ${service}`);
    }
    // …and every prefix of the edge's table is routed here, to the same app (longest prefix).
    const routed = (path: string) =>
      platformRoutes
        .filter(([prefix]) => path === prefix || path.startsWith(prefix))
        .sort(([a], [b]) => b.length - a.length)[0]?.[1];
    for (const edge of EDGE_ROUTES) {
      for (const prefix of edge.describe.match(/\/[\w./-]*\w/g) ?? []) {
        expect(`${prefix} -> ${routed(prefix)}`).toBe(`${prefix} -> ${edge.app}`);
      }
    }
    expect(new Set(platformRoutes.map(([, s]) => s))).toEqual(
      new Set(['content-api', 'design-service', 'mcp-gateway', 'auth-server', 'dashboard']),
    );
    // Issue 38: the connected-apps screen is the dashboard's, that one path only: its JSON and
    // every other /app/account path stay auth-server's, in the edge and in the manifests.
    const screen = '/app/account/connected-apps';
    expect(
      [screen, `${screen}/1/x`, '/app/account/connections'].map((p) => routeFor(p)?.app),
    ).toEqual(['dashboard', 'auth-server', 'auth-server']);
    const exact = [
      ...byKind(objects, 'HTTPRoute').flatMap((r) =>
        r.spec.rules.flatMap((rule: Obj) =>
          (rule.matches ?? [])
            .filter((m: Obj) => m.path.value === screen)
            .map((m: Obj) => `${m.path.type} ${rule.backendRefs[0].name}`),
        ),
      ),
      ...byKind(objects, 'Ingress').flatMap((i) =>
        i.spec.rules.flatMap((r: Obj) =>
          r.http.paths
            .filter((p: Obj) => p.path === screen)
            .map((p: Obj) => `${p.pathType} ${p.backend.service.name}`),
        ),
      ),
    ];
    expect(exact.length).toBeGreaterThan(0);
    expect([...new Set(exact)]).toEqual(['Exact dashboard']);
    const readerBackends = [
      ...byKind(objects, 'HTTPRoute')
        .filter((r) => !r.spec.hostnames?.includes(platformHost))
        .flatMap((r) =>
          r.spec.rules.flatMap((rule: Obj) => (rule.backendRefs ?? []).map((b: Obj) => b.name)),
        ),
      ...byKind(objects, 'Ingress').flatMap((i) =>
        i.spec.rules
          .filter((r: Obj) => r.host !== platformHost)
          .flatMap((r: Obj) => r.http.paths.map((p: Obj) => p.backend.service.name)),
      ),
    ];
    expect(new Set(readerBackends)).toEqual(new Set(['reader-site']));
    // On the reader hosts, the apps' /metrics and /health are not reachable through the Gateway
    // (the Gateway API picks the longest matching prefix).
    for (const route of byKind(objects, 'HTTPRoute').filter((r) =>
      r.metadata.name.startsWith('reader-'),
    )) {
      for (const path of ['/metrics', '/health/ready']) {
        const rules = route.spec.rules.filter((rule: Obj) =>
          (rule.matches ?? [{ path: { value: '/' } }]).some((m: Obj) =>
            path.startsWith(m.path.value),
          ),
        );
        const longest = (rule: Obj) =>
          Math.max(
            ...(rule.matches ?? [{ path: { value: '/' } }]).map((m: Obj) => m.path.value.length),
          );
        const chosen = rules.sort((a: Obj, b: Obj) => longest(b) - longest(a))[0];
        expect(
          `${route.metadata.name} ${path} -> ${chosen.backendRefs?.[0]?.name ?? 'redirect'}`,
        ).toBe(`${route.metadata.name} ${path} -> redirect`);
      }
    }
  });
  it('attaches every route only where it names a host: no reader path on the platform host (issue 34)', () => {
    const platformHost = new URL(config.HC_PUBLIC_URL).host;
    // No route and no Ingress rule answers every host.
    for (const route of byKind(objects, 'HTTPRoute'))
      expect(`${route.metadata.name}: ${route.spec.hostnames?.length ?? 0} hostnames`).not.toBe(
        `${route.metadata.name}: 0 hostnames`,
      );
    for (const ingress of byKind(objects, 'Ingress'))
      expect(ingress.spec.rules.every((r: Obj) => Boolean(r.host))).toBe(true);
    const expanded = attachments(routing);
    for (const a of expanded) expect(`${a.route.metadata.name}: ${a.hosts}`).not.toMatch(/\*$/);
    // Every route attaches somewhere (a route that attaches nowhere is a mistake too).
    expect(new Set(expanded.map((a) => a.route.metadata.name))).toEqual(
      new Set(byKind(objects, 'HTTPRoute').map((r) => r.metadata.name)),
    );
    // The platform host: only the platform's apps and redirects, on every listener and port.
    const onPlatform = reachableOn(routing, platformHost);
    if (byKind(routing, 'Gateway').length) expect(onPlatform.length).toBeGreaterThan(0);
    expect(onPlatform.filter((r) => r.to === 'reader-site')).toEqual([]);
    const platformApps = [
      'auth-server',
      'content-api',
      'dashboard',
      'design-service',
      'mcp-gateway',
      'redirect',
    ];
    expect([...new Set(onPlatform.map((r) => r.to))].sort()).toEqual(
      onPlatform.length ? platformApps : [],
    );
    // Reader hosts (a site's subdomain, each custom domain): reader-site and redirects only.
    const customDomains = byKind(objects, 'ListenerSet').flatMap((l) =>
      l.spec.listeners.map((x: Obj) => x.hostname),
    );
    for (const host of [`demo.${config.HC_READER_DOMAIN}`, ...customDomains]) {
      const reachable = reachableOn(routing, host);
      if (byKind(routing, 'Gateway').length) expect(reachable.length).toBeGreaterThan(0);
      expect(`${host}: ${[...new Set(reachable.map((r) => r.to))].sort()}`).toBe(
        `${host}: ${reachable.length ? 'reader-site,redirect' : ''}`,
      );
    }
    if (overlay === 'production') expect(customDomains.length).toBeGreaterThan(0);
  });

  // The gateway's addresses (HC_TRUST_PROXY) are the production overlay's: its test alone.
  const inProduction = overlay === 'production' ? it : () => undefined;
  inProduction(
    'believes forwarded headers only from the named gateway addresses (issue 34)',
    () => {
      expect(trustProxyNamesPeers(config.HC_TRUST_PROXY)).toBe(true);
      for (const entry of String(config.HC_TRUST_PROXY).split(',')) {
        const [address, prefix] = entry.trim().split('/');
        const family = isIP(address!);
        expect(`${entry}: family ${family}`).not.toBe(`${entry}: family 0`);
        // At most 256 addresses: the gateway's proxies, not a pod network.
        const narrowest = family === 4 ? 24 : 120;
        expect(`${entry}: /${prefix ?? 'host'}`).toBe(
          `${entry}: /${prefix === undefined || Number(prefix) >= narrowest ? (prefix ?? 'host') : `>=${narrowest}`}`,
        );
      }
    },
  );

  it('would catch a custom-domain route on every port-443 listener (the expansion attacks)', () => {
    // The help center's own Gateway, or (routes only) the platform's.
    const gateway = byKind(routing, 'Gateway')[0];
    if (!gateway) return expect(byKind(objects, 'Ingress').length).toBeGreaterThan(0);
    const platformHost = new URL(config.HC_PUBLIC_URL).host;
    const namespace = named(objects, 'Deployment', 'content-api').metadata.namespace;
    const gatewayRef = { name: gateway.metadata.name, namespace: gateway.metadata.namespace };
    const platformListener = named(objects, 'HTTPRoute', 'platform').spec.parentRefs[0].sectionName;
    // The route issue 34 found: parentRef by port only, no hostnames.
    const before = {
      apiVersion: 'gateway.networking.k8s.io/v1',
      kind: 'HTTPRoute',
      metadata: { name: 'reader-custom-domains', namespace },
      spec: {
        parentRefs: [{ ...gatewayRef, port: 443 }],
        rules: [{ backendRefs: [{ name: 'reader-site', port: 3005 }] }],
      },
    };
    expect(reachableOn([...routing, before], platformHost)).toContainEqual({
      route: `reader-custom-domains on Gateway/${gateway.metadata.name}:${platformListener}`,
      to: 'reader-site',
    });
    // Hostnames alone do not help when they reach the platform's listener by a wildcard.
    const wildcard = { ...before, spec: { ...before.spec, hostnames: ['*.com'] } };
    expect(
      reachableOn([...routing, wildcard], platformHost).some((r) => r.to === 'reader-site'),
    ).toBe(platformHost.endsWith('.com'));
    // A ListenerSet the Gateway does not admit attaches nothing.
    const closed = { ...gateway, spec: { ...gateway.spec, allowedListeners: undefined } };
    const others = routing.filter((o) => o !== gateway);
    expect(
      attachments([...others, closed]).filter((a) => a.listener.owner.startsWith('ListenerSet')),
    ).toEqual([]);
  });

  it('lets the gateway proxies reach the HTTP apps and nothing else, wherever they run (issue 36)', () => {
    // Routes only: no Gateway of our own, every route on the platform's (issue 36).
    const routesOnly = Boolean(combo.edits?.['k8s/overlays/production/shared-gateway.yaml']);
    expect(sharedGateway).toBe(routesOnly);
    if (routesOnly) expect(byKind(objects, 'Gateway')).toEqual([]);
    const policies = byKind(objects, 'NetworkPolicy');
    const peers = named(objects, 'NetworkPolicy', 'web-from-gateway').spec.ingress[0].from;
    const inNamespace = peers.some((p: Obj) => p.podSelector);
    // The proxies as the variant says they run: pods of this namespace with the controller's
    // label, or pods of the gateway's namespace.
    const proxyNamespace = sharedGateway
      ? SHARED_GATEWAY.proxyNamespace
      : overlay === 'dev'
        ? 'ingress-system'
        : 'gateway-system';
    const proxy: { pod: { labels: Record<string, string> }; namespace?: string } = inNamespace
      ? { pod: { labels: { 'gateway.networking.k8s.io/gateway-name': 'helpcenter' } } }
      : { pod: { labels: { app: 'proxy' } }, namespace: proxyNamespace };
    expect(
      inNamespace
        ? 'in the namespace'
        : peers[0].namespaceSelector.matchLabels['kubernetes.io/metadata.name'],
    ).toBe(
      combo.components.includes('k8s/components/gateway-proxy-in-namespace')
        ? 'in the namespace'
        : proxyNamespace,
    );
    const podOf = (template: Obj) => ({
      labels: template.metadata.labels,
      ports: Object.fromEntries(
        template.spec.containers.flatMap((c: Obj) =>
          (c.ports ?? []).map((p: Obj) => [p.name, p.containerPort]),
        ),
      ),
    });
    // A connection needs the proxy's egress (ours only when it runs here) and the app's ingress.
    const connects = (to: { labels: Obj; ports: Record<string, number> }, port: number) =>
      (!inNamespace || egressAllowed(policies, proxy.pod.labels, { pod: to, port })) &&
      ingressAllowed(policies, to, proxy, port);
    const failures: string[] = [];
    for (const d of byKind(objects, 'Deployment')) {
      const pod = podOf(d.spec.template);
      const web = pod.labels['app.kubernetes.io/component'] === 'web';
      if (connects(pod, pod.ports.http) !== web)
        failures.push(`proxy -> ${d.metadata.name}:${pod.ports.http} ${!web}`);
    }
    // Never the data stores, in this namespace.
    const mysql = { labels: { 'app.kubernetes.io/name': 'mysql' }, ports: {} };
    if (connects(mysql, 3306)) failures.push('proxy -> mysql:3306');
    // Another pod of another namespace, or a client on the internet, reaches no app directly.
    const stranger = { pod: { labels: {} }, namespace: 'someone-else' };
    const api = podOf(named(objects, 'Deployment', 'content-api').spec.template);
    if (ingressAllowed(policies, api, stranger, api.ports.http)) failures.push('stranger -> api');
    if (ingressAllowed(policies, api, { ip: '203.0.113.9' }, api.ports.http))
      failures.push('internet -> api');
    if (inNamespace) {
      // The proxies here take anyone's connection, and open none to the internet or the workers.
      const proxyPod = { labels: proxy.pod.labels, ports: {} };
      if (!ingressAllowed(policies, proxyPod, { ip: '203.0.113.9' }, 443))
        failures.push('internet -/-> proxy:443');
      if (egressAllowed(policies, proxy.pod.labels, { ip: '93.184.216.34', port: 443 }))
        failures.push('proxy -> internet');
      if (
        !egressAllowed(policies, proxy.pod.labels, { ip: '10.96.0.10', port: 53, protocol: 'UDP' })
      )
        failures.push('proxy -/-> DNS');
    }
    expect(failures).toEqual([]);
  });
});

describe('deploy/k8s: production with a private database CA (issue 36 item 3)', () => {
  const CA = '/etc/helpcenter/database-ca/ca.pem';
  const withCa = renderEdited('production', (write) =>
    write('k8s/overlays/production/config.env', (text) => {
      expect(text).toContain(`# HC_DATABASE_SSL_CA_FILE=${CA}`);
      return text.replace(`# HC_DATABASE_SSL_CA_FILE=${CA}`, `HC_DATABASE_SSL_CA_FILE=${CA}`);
    }),
  );

  it('gives every pod that opens the database the CA file its settings name, from helpcenter-database-ca', () => {
    const verdicts = settingsVerdicts(withCa).filter(Boolean);
    // Present, every pod starts; without the platform's ConfigMap, each refuses naming the file.
    expect(verdicts.filter((v) => v.includes('(optional Secrets present)'))).toEqual([]);
    const refused = verdicts.map((v) => v.replace(/ \(optional Secrets absent\): .*/, ''));
    const owners = podTemplates(withCa).flatMap(({ owner, template }) =>
      containersOf(template)
        .filter((c) => settingsAppOf(c) !== 'dashboard')
        .map((c) => `${owner} ${c.name}`),
    );
    expect(refused.sort()).toEqual(owners.sort());
    for (const verdict of verdicts)
      expect(verdict).toMatch(
        /: settings: HC_DATABASE_SSL_CA_FILE: cannot read \/etc\/helpcenter\/database-ca\/ca\.pem \(ENOENT\)$/,
      );
  });

  it('mounts the CA in no pod that never opens the database (the dashboard serves static files)', () => {
    const mounting = podTemplates(withCa)
      .filter(({ template }) =>
        (template.spec.volumes ?? []).some((v: Obj) => v.name === 'database-ca'),
      )
      .map(({ owner }) => owner);
    expect(mounting).not.toContain('Deployment/dashboard');
    expect(mounting).toContain('Deployment/reader-site');
    const dashboard = podTemplates(withCa).find(({ owner }) => owner === 'Deployment/dashboard');
    expect(
      containersOf(dashboard!.template).flatMap((c) =>
        (c.volumeMounts ?? []).map((m: Obj) => m.name),
      ),
    ).toEqual(['tmp']);
  });

  it('would catch a pod template that does not mount the CA (the check attacks)', () => {
    const unmounted = structuredClone(withCa).map((o: Obj) => {
      if (o.kind !== 'Deployment' || o.metadata.name !== 'reader-site') return o;
      const app = o.spec.template.spec.containers[0];
      app.volumeMounts = app.volumeMounts.filter((m: Obj) => m.name !== 'database-ca');
      return o;
    });
    expect(
      settingsVerdicts(unmounted).filter((v) => v.includes('(optional Secrets present)')),
    ).toEqual([
      'Deployment/reader-site app (optional Secrets present): settings: HC_DATABASE_SSL_CA_FILE: cannot read /etc/helpcenter/database-ca/ca.pem (ENOENT)',
    ]);
  });
});

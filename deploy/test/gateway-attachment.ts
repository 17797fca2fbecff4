// Issue 34: every HTTPRoute expanded onto every listener it attaches to, as the Gateway API
// defines attachment (not a spec file; manifests.spec.ts uses it on the rendered overlays):
// - a parentRef names a Gateway (its own listeners) or a ListenerSet (its listeners, when the
//   Gateway's `allowedListeners` admits it), narrowed by `sectionName` and `port`;
// - the listener must admit the route (`allowedRoutes`: namespaces, default Same; kinds, default
//   by protocol);
// - the hostnames served are the listener's hostname intersected with the route's hostnames
//   (a missing one on either side matches every host).
// Where the Gateway API leaves room, the expansion attaches more, never less: a parentRef to a
// Gateway without `sectionName` also reaches the listeners of its ListenerSets.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rendered YAML, read as the API defines it
type Obj = any;

const GROUP = 'gateway.networking.k8s.io';

export interface Listener {
  /** `Gateway/<name>` or `ListenerSet/<name>`. */
  owner: string;
  namespace: string;
  name: string;
  port: number;
  protocol: string;
  /** Null: every host. */
  hostname: string | null;
  allowedRoutes: Obj;
}

export interface Attachment {
  route: Obj;
  listener: Listener;
  /** The hosts the route answers on this listener (`*` for every host). */
  hosts: string[];
}

const namespaceOf = (o: Obj) => o.metadata.namespace ?? 'default';

function listenersOf(owner: Obj): Listener[] {
  return (owner.spec.listeners ?? []).map((l: Obj) => ({
    owner: `${owner.kind}/${owner.metadata.name}`,
    namespace: namespaceOf(owner),
    name: l.name,
    port: l.port,
    protocol: l.protocol,
    hostname: l.hostname ?? null,
    allowedRoutes: l.allowedRoutes ?? {},
  }));
}

/** Whether `from` (Same, All, Selector or None) admits an object of `namespace` into `owner`'s. */
function namespaceAdmits(from: string | undefined, fallback: string, same: boolean): boolean {
  const rule = from ?? fallback;
  if (rule === 'All') return true;
  if (rule === 'Same') return same;
  // Selector: labels of namespaces are not in the render; count it as admitting (attach more).
  return rule === 'Selector';
}

/** The ListenerSets a Gateway accepts (`spec.allowedListeners`, default: none). */
function acceptedListenerSets(objects: Obj[], gateway: Obj): Obj[] {
  return objects.filter(
    (o) =>
      o.kind === 'ListenerSet' &&
      o.spec.parentRef?.name === gateway.metadata.name &&
      (o.spec.parentRef.kind ?? 'Gateway') === 'Gateway' &&
      (o.spec.parentRef.namespace ?? namespaceOf(o)) === namespaceOf(gateway) &&
      namespaceAdmits(
        gateway.spec.allowedListeners?.namespaces?.from,
        'None',
        namespaceOf(o) === namespaceOf(gateway),
      ),
  );
}

/** The listeners one parentRef of `route` can reach, before `allowedRoutes`. */
function parentListeners(objects: Obj[], route: Obj, ref: Obj): Listener[] {
  const kind = ref.kind ?? 'Gateway';
  const namespace = ref.namespace ?? namespaceOf(route);
  if ((ref.group ?? GROUP) !== GROUP) return [];
  const owner = objects.find(
    (o) => o.kind === kind && o.metadata.name === ref.name && namespaceOf(o) === namespace,
  );
  if (!owner) return [];
  let listeners: Listener[];
  if (kind === 'Gateway') {
    listeners = listenersOf(owner);
    if (ref.sectionName === undefined)
      listeners.push(...acceptedListenerSets(objects, owner).flatMap(listenersOf));
  } else if (kind === 'ListenerSet') {
    const gateway = objects.find(
      (o) => o.kind === 'Gateway' && o.metadata.name === owner.spec.parentRef?.name,
    );
    const accepted = gateway && acceptedListenerSets(objects, gateway).includes(owner);
    listeners = accepted ? listenersOf(owner) : [];
  } else {
    return [];
  }
  return listeners.filter(
    (l) =>
      (ref.sectionName === undefined || l.name === ref.sectionName) &&
      (ref.port === undefined || l.port === ref.port),
  );
}

function admitsRoute(listener: Listener, route: Obj): boolean {
  const { namespaces, kinds } = listener.allowedRoutes;
  if (!namespaceAdmits(namespaces?.from, 'Same', namespaceOf(route) === listener.namespace))
    return false;
  if (kinds?.length)
    return kinds.some((k: Obj) => k.kind === route.kind && (k.group ?? GROUP) === GROUP);
  return ['HTTP', 'HTTPS'].includes(listener.protocol) && route.kind === 'HTTPRoute';
}

/** Whether a hostname pattern (`*.a.b` is a suffix match of one or more labels) matches `host`. */
export function hostMatches(pattern: string | null, host: string): boolean {
  if (pattern === null || pattern === '*') return true;
  if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1));
  return pattern === host;
}

/** The Gateway API's intersection of a listener's hostname and one route hostname. */
function intersect(listener: string | null, route: string): string | null {
  if (listener === null) return route;
  const wild = (h: string) => h.startsWith('*.');
  if (!wild(listener) && !wild(route)) return listener === route ? route : null;
  if (!wild(listener)) return hostMatches(route, listener) ? listener : null;
  if (!wild(route)) return hostMatches(listener, route) ? route : null;
  // Both wildcards: the more specific one, when one lies within the other.
  if (route.endsWith(listener.slice(1))) return route;
  return listener.endsWith(route.slice(1)) ? listener : null;
}

/** Every (route, listener) pair the Gateway API attaches, with the hosts served there. */
export function attachments(objects: Obj[]): Attachment[] {
  const out: Attachment[] = [];
  for (const route of objects.filter((o) => o.kind === 'HTTPRoute')) {
    const routeHosts: string[] = route.spec.hostnames ?? [];
    for (const ref of route.spec.parentRefs ?? []) {
      for (const listener of parentListeners(objects, route, ref)) {
        if (!admitsRoute(listener, route)) continue;
        const hosts = routeHosts.length
          ? routeHosts.map((h) => intersect(listener.hostname, h)).filter((h) => h !== null)
          : [listener.hostname ?? '*'];
        if (hosts.length) out.push({ route, listener, hosts: hosts as string[] });
      }
    }
  }
  return out;
}

/** What each rule of the routes that answer `host` does: a backend's name, or `redirect`. */
export function reachableOn(objects: Obj[], host: string): Array<{ route: string; to: string }> {
  return attachments(objects)
    .filter(
      (a) => hostMatches(a.listener.hostname, host) && a.hosts.some((h) => hostMatches(h, host)),
    )
    .flatMap((a) =>
      a.route.spec.rules.flatMap((rule: Obj) => {
        const backends = (rule.backendRefs ?? []).map((b: Obj) => b.name as string);
        return (backends.length ? backends : ['redirect']).map((to: string) => ({
          route: `${a.route.metadata.name} on ${a.listener.owner}:${a.listener.name}`,
          to,
        }));
      }),
    );
}

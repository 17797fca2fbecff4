// Issue 34: what a rendered set of NetworkPolicies lets a pod open, as Kubernetes defines it
// (not a spec file; manifests.spec.ts uses it on the rendered overlays):
// - the policies whose podSelector selects the pod and whose policyTypes include the direction
//   apply; none apply → everything is allowed; otherwise the union of their rules;
// - a rule without `to` reaches every destination, one without `ports` every port;
// - `ipBlock` matches an address inside `cidr` and outside every `except`; `podSelector` (this
//   namespace) matches a destination pod's labels; `namespaceSelector` another namespace's pods;
// - a named port matches the destination pod's container port of that name; protocol TCP unless
//   said.
import ipaddr from 'ipaddr.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rendered YAML, read as the API defines it
type Obj = any;
type Labels = Record<string, string>;

/** A destination: an address outside the cluster, or a pod of this namespace. */
export interface Destination {
  ip?: string;
  pod?: { labels: Labels; ports: Record<string, number> };
  /** Another namespace's name, when the destination is a pod there. */
  namespace?: string;
  port: number;
  protocol?: 'TCP' | 'UDP';
}

/** Label selector semantics (matchLabels and matchExpressions; `{}` selects everything). */
export function selectorMatches(selector: Obj, labels: Labels = {}): boolean {
  if (!selector) return false;
  const byLabel = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const byExpression = (selector.matchExpressions ?? []).every((e: Obj) => {
    const has = e.key in labels;
    switch (e.operator) {
      case 'In':
        return has && e.values.includes(labels[e.key]);
      case 'NotIn':
        return !has || !e.values.includes(labels[e.key]);
      case 'Exists':
        return has;
      case 'DoesNotExist':
        return !has;
      default:
        throw new Error(`unknown selector operator ${e.operator}`);
    }
  });
  return byLabel && byExpression;
}

function inCidr(ip: string, cidr: string): boolean {
  const address = ipaddr.parse(ip);
  const [range, bits] = ipaddr.parseCIDR(cidr);
  return address.kind() === range.kind() && address.match([range, bits] as never);
}

function peerMatches(peer: Obj, to: Destination): boolean {
  if (peer.ipBlock) {
    if (!to.ip) return false;
    return (
      inCidr(to.ip, peer.ipBlock.cidr) &&
      !(peer.ipBlock.except ?? []).some((c: string) => inCidr(to.ip!, c))
    );
  }
  if (!to.pod) return false;
  if (peer.namespaceSelector) {
    if (!to.namespace) return false;
    const nsLabels = { 'kubernetes.io/metadata.name': to.namespace };
    if (!selectorMatches(peer.namespaceSelector, nsLabels)) return false;
    return peer.podSelector ? selectorMatches(peer.podSelector, to.pod.labels) : true;
  }
  return !to.namespace && selectorMatches(peer.podSelector, to.pod.labels);
}

function portMatches(port: Obj, to: Destination): boolean {
  if ((port.protocol ?? 'TCP') !== (to.protocol ?? 'TCP')) return false;
  if (port.port === undefined) return true;
  if (typeof port.port === 'string') return to.pod?.ports[port.port] === to.port;
  const end = port.endPort ?? port.port;
  return to.port >= port.port && to.port <= end;
}

/** Whether a pod with `labels` may open a connection to `to` under `policies`. */
export function egressAllowed(policies: Obj[], labels: Labels, to: Destination): boolean {
  const applying = policies.filter(
    (p) =>
      selectorMatches(p.spec.podSelector, labels) &&
      (p.spec.policyTypes ?? ['Ingress']).includes('Egress'),
  );
  if (applying.length === 0) return true;
  return applying.some((p) =>
    (p.spec.egress ?? []).some(
      (rule: Obj) =>
        (!rule.to?.length || rule.to.some((peer: Obj) => peerMatches(peer, to))) &&
        (!rule.ports?.length || rule.ports.some((port: Obj) => portMatches(port, to))),
    ),
  );
}

/** Where a connection comes from: an address outside the cluster, or a pod (of `namespace`, else this one). */
export interface Source {
  ip?: string;
  pod?: { labels: Labels };
  namespace?: string;
}

/**
 * Issue 36: whether a pod with `labels` and named `ports` accepts a connection from `from` on
 * `port` under `policies` (the ingress side, read as egressAllowed reads the egress side).
 */
export function ingressAllowed(
  policies: Obj[],
  pod: { labels: Labels; ports: Record<string, number> },
  from: Source,
  port: number,
  protocol: 'TCP' | 'UDP' = 'TCP',
): boolean {
  const applying = policies.filter(
    (p) =>
      selectorMatches(p.spec.podSelector, pod.labels) &&
      (p.spec.policyTypes ?? ['Ingress']).includes('Ingress'),
  );
  if (applying.length === 0) return true;
  // A peer matches the source as it would match a destination of that kind.
  const asDestination: Destination = {
    ip: from.ip,
    pod: from.pod && { labels: from.pod.labels, ports: {} },
    namespace: from.namespace,
    port,
    protocol,
  };
  const here: Destination = { pod, port, protocol };
  return applying.some((p) =>
    (p.spec.ingress ?? []).some(
      (rule: Obj) =>
        (!rule.from?.length || rule.from.some((peer: Obj) => peerMatches(peer, asDestination))) &&
        (!rule.ports?.length || rule.ports.some((p2: Obj) => portMatches(p2, here))),
    ),
  );
}

// Issue 36 item 1: the environment each container of a rendered pod template starts with, built
// from exactly what the template names (its ConfigMaps, its Secrets' keys, its literals, the
// image's own ENV), so the product's settings check can run on it. Nothing is added "because
// every pod has it": a Secret the template does not name is not in its environment.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkSettings, cliSettingsApp, type ReadTextFile } from '@hc/contracts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed YAML of any kind
type Obj = any;

/** The image's own environment (ENV lines of the Dockerfile's last stage). */
export function imageEnv(dockerfile: string): Record<string, string> {
  const text = readFileSync(dockerfile, 'utf8').replace(/\\\n/g, ' ');
  const stages = text.split(/^FROM /m);
  const env: Record<string, string> = {};
  for (const line of stages[stages.length - 1]!.split('\n')) {
    const m = /^ENV\s+(.*)$/.exec(line.trim());
    if (!m) continue;
    for (const pair of m[1]!.matchAll(/([A-Z_][A-Z0-9_]*)=("[^"]*"|\S+)/g))
      env[pair[1]!] = pair[2]!.replace(/^"|"$/g, '');
  }
  return env;
}

/**
 * A value such as the platform's Secret holds under `secret`/`key` (deploy/README.md "Provided by
 * the platform"). A key this function does not know fails the test: a new Secret key needs a
 * sample here, so the check keeps seeing every template's whole environment.
 */
export function secretSample(secret: string, key: string): string {
  if (secret === 'helpcenter-database')
    return `mysql://hc_${key.replace(/-/g, '_')}:s3cr3t-from-the-secret@mysql:3306/helpcenter`;
  if (secret === 'helpcenter-data-keys' && key === 'keys')
    return `k1:${Buffer.alloc(32, 7).toString('base64')}`;
  if (secret.startsWith('helpcenter-kafka-')) {
    const kafka: Record<string, string> = {
      mechanism: 'scram-sha-512',
      username: secret.slice('helpcenter-kafka-'.length),
      password: 's3cr3t-from-the-secret',
    };
    if (kafka[key]) return kafka[key]!;
  }
  const samples: Record<string, string> = {
    'helpcenter-redis/username': 'helpcenter',
    'helpcenter-redis/password': 's3cr3t-from-the-secret',
    'helpcenter-s3/access-key-id': 'AKIAEXAMPLEEXAMPLE',
    'helpcenter-s3/secret-access-key': 's3cr3t-from-the-secret',
    'helpcenter-smtp/url': 'smtp://helpcenter:s3cr3t-from-the-secret@mail.example.net:587',
    'helpcenter-internal-token/token': Buffer.alloc(32, 9).toString('base64'),
  };
  const value = samples[`${secret}/${key}`];
  if (value === undefined) throw new Error(`no sample value for Secret ${secret} key ${key}`);
  return value;
}

/**
 * The environment of `container`: the image's ENV, then envFrom (ConfigMaps of the render), then
 * env. `optional: 'present'` fills every optional Secret reference, `'absent'` leaves them out
 * (the platform may not create those Secrets); required references are always filled.
 */
export function containerEnv(
  objects: Obj[],
  container: Obj,
  image: Record<string, string>,
  optional: 'present' | 'absent',
): Record<string, string> {
  const configMap = (name: string) => {
    const found = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === name);
    if (!found)
      throw new Error(`container ${container.name} names ConfigMap ${name}, not rendered`);
    return found.data ?? {};
  };
  const env: Record<string, string> = { ...image };
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) {
      for (const [k, v] of Object.entries(configMap(source.configMapRef.name)))
        env[`${source.prefix ?? ''}${k}`] = String(v);
    } else {
      // A whole Secret as environment: its keys are unknown here (and forbidden, issue 34).
      throw new Error(`container ${container.name} takes a whole Secret as environment`);
    }
  }
  for (const variable of container.env ?? []) {
    const ref = variable.valueFrom;
    if (!ref) {
      env[variable.name] = String(variable.value ?? '');
    } else if (ref.secretKeyRef) {
      if (ref.secretKeyRef.optional && optional === 'absent') delete env[variable.name];
      else env[variable.name] = secretSample(ref.secretKeyRef.name, ref.secretKeyRef.key);
    } else if (ref.configMapKeyRef) {
      const value = configMap(ref.configMapKeyRef.name)[ref.configMapKeyRef.key];
      if (value !== undefined) env[variable.name] = String(value);
      else if (!ref.configMapKeyRef.optional)
        throw new Error(`${variable.name}: ConfigMap key ${ref.configMapKeyRef.key} is missing`);
    } else {
      // fieldRef / resourceFieldRef: the downward API, a value the kubelet fills in.
      env[variable.name] = 'downward-api-value';
    }
  }
  return env;
}

/**
 * The app whose boot check a container runs: an app's name (`args: [content-api]`), or for the
 * operator CLI (`args: [hc, …]`) the app its command checks as (apps/content-api/src/cli.ts).
 */
export function settingsAppOf(container: Obj): string | undefined {
  const [first, ...rest] = (container.args ?? []) as string[];
  if (first === 'hc') return cliSettingsApp(rest.filter((a) => !a.startsWith('--')).join(' '));
  return first;
}

/** What a file from a Secret or ConfigMap volume holds here: a certificate, for the TLS checks. */
const SAMPLE_FILE = '-----BEGIN CERTIFICATE-----\nsample\n-----END CERTIFICATE-----\n';

/**
 * The files `container` sees from the Secret and ConfigMap volumes of its pod `template` (the
 * settings check reads the TLS files its settings name): a volume's `items` by path, or any
 * name under its mount when it lists none. `optional: 'absent'` leaves out the optional volumes
 * (the platform may not create their object). Any other path does not exist.
 */
export function containerFiles(
  template: Obj,
  container: Obj,
  optional: 'present' | 'absent',
): ReadTextFile {
  const present = (path: string) =>
    (container.volumeMounts ?? []).some((mount: Obj) => {
      const volume = (template.spec.volumes ?? []).find((v: Obj) => v.name === mount.name);
      const source = volume?.configMap ?? volume?.secret;
      if (!source || mount.subPath || !path.startsWith(`${mount.mountPath}/`)) return false;
      if (source.optional && optional === 'absent') return false;
      const name = path.slice(mount.mountPath.length + 1);
      return source.items
        ? source.items.some((item: Obj) => item.path === name)
        : !name.includes('/');
    });
  return (path) => {
    if (present(path)) return SAMPLE_FILE;
    throw Object.assign(new Error(`${path} is in no volume`), { code: 'ENOENT' });
  };
}

/** The settings check's verdict on one container: '' when it starts, else why not. */
export function settingsVerdict(
  env: Record<string, string>,
  app: string | undefined,
  read: ReadTextFile,
): string {
  try {
    const { warnings } = checkSettings(env, app, read);
    return warnings.join('; ');
  } catch (err) {
    return (err as Error).message;
  }
}

export const DOCKERFILE = join(__dirname, '..', 'docker', 'Dockerfile');

import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import type { DatabaseSslMode, SettingValues } from './setting-definitions';

/**
 * TLS to MySQL (issue 36, docs/decisions/managed-databases.md): `HC_DATABASE_SSL_MODE` in
 * MySQL's own words, the CA that signed the server's certificate and a client certificate.
 * @hc/data turns it into mysql2's `ssl` options for every connection of the product.
 */
export interface DatabaseTls {
  mode: DatabaseSslMode;
  /** `HC_DATABASE_SSL_CA_FILE`: PEM bundle trusted for the server (verify-ca, verify-identity). */
  caFile: string | null;
  /** `HC_DATABASE_SSL_CERT_FILE` with `HC_DATABASE_SSL_KEY_FILE`: the client certificate. */
  certFile: string | null;
  keyFile: string | null;
}

const FILE_SETTINGS = {
  caFile: 'HC_DATABASE_SSL_CA_FILE',
  certFile: 'HC_DATABASE_SSL_CERT_FILE',
  keyFile: 'HC_DATABASE_SSL_KEY_FILE',
} as const;

/** The TLS settings as one object; what cannot work is pushed to `errors`, naming the setting. */
export function databaseTlsSettings(v: SettingValues, errors: string[]): DatabaseTls {
  const tls: DatabaseTls = {
    mode: v.HC_DATABASE_SSL_MODE,
    caFile: v.HC_DATABASE_SSL_CA_FILE,
    certFile: v.HC_DATABASE_SSL_CERT_FILE,
    keyFile: v.HC_DATABASE_SSL_KEY_FILE,
  };
  if (tls.mode === 'disabled') {
    for (const [field, name] of Object.entries(FILE_SETTINGS))
      if (tls[field as keyof typeof FILE_SETTINGS])
        errors.push(`${name} needs HC_DATABASE_SSL_MODE=required, verify-ca or verify-identity`);
  }
  if (tls.mode === 'verify-ca' && !tls.caFile) {
    errors.push(
      'HC_DATABASE_SSL_MODE=verify-ca needs HC_DATABASE_SSL_CA_FILE (the CA that signed the server certificate)',
    );
  }
  // A CA that nothing checks would look like protection: say which mode checks it.
  if (tls.mode === 'required' && tls.caFile) {
    errors.push(
      'HC_DATABASE_SSL_CA_FILE is not checked with HC_DATABASE_SSL_MODE=required; set verify-ca or verify-identity',
    );
  }
  if (!tls.certFile !== !tls.keyFile) {
    errors.push('HC_DATABASE_SSL_CERT_FILE and HC_DATABASE_SSL_KEY_FILE go together');
  }
  return tls;
}

/**
 * What cannot work between HC_DATABASE_URL and the TLS settings, for the apps that open a
 * database (the dashboard, which opens none, is not refused for the shared settings).
 */
export function databaseUrlProblems(databaseUrl: string, tls: DatabaseTls): string[] {
  const errors: string[] = [];
  const url = URL.canParse(databaseUrl) ? new URL(databaseUrl) : null;
  // mysql2 checks the certificate against the URL's host name only: for an address it checks
  // "localhost" instead (Node's default), which no managed server's certificate names.
  if (tls.mode === 'verify-identity' && url && isIP(url.hostname.replace(/^\[|\]$/g, ''))) {
    errors.push(
      `HC_DATABASE_SSL_MODE=verify-identity needs the server's host name in HC_DATABASE_URL, the name its certificate carries (got the address ${url.hostname})`,
    );
  }
  if (url?.search) {
    // Providers hand out URLs such as `…/defaultdb?ssl-mode=REQUIRED`: never ignore that silently.
    errors.push(
      'HC_DATABASE_URL takes no query parameters (such as ?ssl-mode=): TLS is set by HC_DATABASE_SSL_MODE and HC_DATABASE_SSL_CA_FILE',
    );
  }
  return errors;
}

/** Reads a file as text (throws with Node's code when it cannot). */
export type ReadTextFile = (path: string) => string;

export const readTextFile: ReadTextFile = (path) => readFileSync(path, 'utf8');

/**
 * The boot check's look at the TLS files: each one named must be readable and hold a PEM block,
 * or the app refuses to start naming the setting (rather than failing at the first connection).
 */
export function databaseTlsFileProblems(tls: DatabaseTls, read: ReadTextFile): string[] {
  const problems: string[] = [];
  for (const [field, name] of Object.entries(FILE_SETTINGS)) {
    const path = tls[field as keyof typeof FILE_SETTINGS];
    if (!path) continue;
    let text: string;
    try {
      text = read(path);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
      problems.push(`${name}: cannot read ${path} (${code})`);
      continue;
    }
    if (!text.includes('-----BEGIN ')) problems.push(`${name}: ${path} holds no PEM block`);
  }
  return problems;
}

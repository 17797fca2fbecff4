import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCertificate {
  key: string;
  cert: string;
  /** PEM file of the certificate, for `NODE_EXTRA_CA_CERTS`. */
  certPath: string;
}

const openssl = (args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
const NEW_EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/**
 * A throwaway self-signed certificate for `localhost` and `127.0.0.1`, made with the `openssl`
 * CLI, for test https servers that outbound code must trust through `NODE_EXTRA_CA_CERTS`.
 */
export function selfSignedCertificate(): TestCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'hc-cert-'));
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  openssl([
    'req',
    '-x509',
    ...NEW_EC_KEY,
    '-keyout',
    keyPath,
    '-out',
    certPath,
    '-days',
    '2',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
  ]);
  return { key: readFileSync(keyPath, 'utf8'), cert: readFileSync(certPath, 'utf8'), certPath };
}

/** A throwaway certificate authority in a directory of its own, which signs leaf certificates. */
export interface TestCertificateAuthority {
  /** The CA's certificate (PEM file): what a client trusts. */
  caPath: string;
  /** A certificate signed by this CA for `subjectAltName` (`DNS:db.test,IP:127.0.0.1`). */
  issue(name: string, subjectAltName: string): { certPath: string; keyPath: string };
}

/** A new CA (EC P-256, two days) under `dir`, made with the `openssl` CLI. */
export function testCertificateAuthority(dir: string, name = 'ca'): TestCertificateAuthority {
  const caPath = join(dir, `${name}.pem`);
  const caKey = join(dir, `${name}.key`);
  openssl([
    'req',
    '-x509',
    ...NEW_EC_KEY,
    '-keyout',
    caKey,
    '-out',
    caPath,
    '-days',
    '2',
    '-subj',
    `/CN=hc test ${name}`,
  ]);
  return {
    caPath,
    issue(leaf, subjectAltName) {
      const keyPath = join(dir, `${leaf}.key`);
      const certPath = join(dir, `${leaf}.pem`);
      const csr = join(dir, `${leaf}.csr`);
      const ext = join(dir, `${leaf}.ext`);
      writeFileSync(ext, `subjectAltName=${subjectAltName}\n`);
      openssl(['req', ...NEW_EC_KEY, '-keyout', keyPath, '-out', csr, '-subj', `/CN=${leaf}`]);
      openssl(
        ['x509', '-req', '-in', csr, '-CA', caPath, '-CAkey', caKey, '-CAcreateserial'].concat([
          '-out',
          certPath,
          '-days',
          '2',
          '-extfile',
          ext,
        ]),
      );
      return { certPath, keyPath };
    },
  };
}

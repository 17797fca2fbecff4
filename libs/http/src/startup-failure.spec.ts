import { resetSettings } from '@hc/contracts';
import { explainStartupFailure } from './startup-failure';

/** Explains `err` with these settings (and none of the caller's). */
function explain(env: Record<string, string>, err: unknown): string {
  const saved = { ...process.env };
  for (const name of Object.keys(process.env)) if (name.startsWith('HC_')) delete process.env[name];
  Object.assign(process.env, env);
  resetSettings();
  try {
    return explainStartupFailure('content-api', err);
  } finally {
    process.env = saved;
    resetSettings();
  }
}

const DB = { HC_DATABASE_URL: 'mysql://hc:pw@db.example.net:3306/helpcenter' };
/** mysql2's error for a refused certificate: its own code, Node's reason as the message. */
const refusedCertificate = Object.assign(
  new Error('self-signed certificate in certificate chain'),
  {
    code: 'HANDSHAKE_SSL_ERROR',
  },
);

describe('start-up failures of TLS to the database (issue 36)', () => {
  it('says the database offers no TLS when the mode asks for it', () => {
    const err = Object.assign(new Error('Server does not support secure connection'), {
      code: 'HANDSHAKE_NO_SSL_SUPPORT',
    });
    expect(explain({ ...DB, HC_DATABASE_SSL_MODE: 'required' }, err)).toBe(
      'the database does not offer TLS, which HC_DATABASE_SSL_MODE=required requires: enable TLS on the server, or fix HC_DATABASE_SSL_MODE',
    );
  });

  it('says a server that accepts only TLS wants HC_DATABASE_SSL_MODE (MySQL)', () => {
    const err = Object.assign(
      new Error(
        'Connections using insecure transport are prohibited while --require_secure_transport=ON.',
      ),
      { code: 'ER_SECURE_TRANSPORT_REQUIRED' },
    );
    expect(explain(DB, err)).toBe(
      'the database accepts only TLS connections (Connections using insecure transport are prohibited while --require_secure_transport=ON.): set HC_DATABASE_SSL_MODE (verify-identity for a managed service)',
    );
  });

  it('names the CA and host settings for a refused certificate', () => {
    expect(explain({ ...DB, HC_DATABASE_SSL_MODE: 'verify-identity' }, refusedCertificate)).toBe(
      'TLS to the database failed (self-signed certificate in certificate chain; HC_DATABASE_SSL_MODE=verify-identity): trust its CA with HC_DATABASE_SSL_CA_FILE, and name the server in HC_DATABASE_URL as its certificate does',
    );
  });

  it("leaves other TLS failures (Redis, Kafka: Node's own codes) their own message", () => {
    const redis = Object.assign(new Error('self-signed certificate in certificate chain'), {
      code: 'SELF_SIGNED_CERT_IN_CHAIN',
    });
    expect(explain({ ...DB, HC_DATABASE_SSL_MODE: 'verify-identity' }, redis)).toBe(
      'self-signed certificate in certificate chain',
    );
  });
});

import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { Webhook } from 'standardwebhooks';

/**
 * `verify` of `@octokit/webhooks-methods`: an independent implementation of the same `sha256=`
 * HMAC scheme (spec 6). The package is ESM-only and exports no `require` condition, so it is
 * loaded by file (jest's swc transform turns it into CommonJS).
 */
type Verify = (secret: string, payload: string, signature: string) => Promise<boolean>;
function octokitVerify(): Verify {
  const file = path.join(
    __dirname,
    '../../../node_modules/@octokit/webhooks-methods/dist-node/index.js',
  );
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(file) as { verify: Verify }).verify;
}

export interface ReceivedDelivery {
  path: string;
  headers: Record<string, string>;
  /** The raw body as received. */
  body: string;
  json: any;
  /** The signature checked with the secret registered for the path (null: no secret known). */
  verified: boolean | null;
  /**
   * Issue 23: the Standard Webhooks headers checked by the `standardwebhooks` package (its 5-minute
   * timestamp window included) on the same request; null unless the path's webhook is standard.
   */
  standardVerified: boolean | null;
  receivedAt: number;
  /** The status the receiver answered. */
  status: number;
}

/** Decides the answer to one request: a status, optionally after a delay. */
export type Responder = (req: { path: string; count: number; body: string }) => {
  status: number;
  delayMs?: number;
  headers?: Record<string, string>;
};

/**
 * A local webhook receiver for tests: records every POST, verifies signatures with an
 * independent library, answers as told. Put `receiver.host` into HC_OUTBOUND_ALLOWLIST.
 */
export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  /** Paths of requests that arrived, recorded before the answer (which may be delayed). */
  readonly arrived: string[] = [];
  private readonly secrets = new Map<string, string>();
  private readonly standard = new Map<string, Webhook>();
  private readonly counts = new Map<string, number>();
  private responder: Responder = () => ({ status: 200 });
  private readonly verify = octokitVerify();
  private server: Server | null = null;
  port = 0;

  static async start(): Promise<WebhookReceiver> {
    const r = new WebhookReceiver();
    await r.listen();
    return r;
  }

  get host(): string {
    return `127.0.0.1:${this.port}`;
  }

  url(p: string): string {
    return `http://${this.host}${p.startsWith('/') ? p : `/${p}`}`;
  }

  /**
   * Remembers the secret of the webhook registered at `path`, to verify its deliveries; with
   * `standardSecret` (the registration's `whsec_` form) the Standard Webhooks headers too.
   */
  secretFor(p: string, secret: string, standardSecret?: string): void {
    this.secrets.set(p, secret);
    if (standardSecret !== undefined) this.standard.set(p, new Webhook(standardSecret));
    else this.standard.delete(p);
  }

  respond(responder: Responder): void {
    this.responder = responder;
  }

  for(p: string): ReceivedDelivery[] {
    return this.received.filter((d) => d.path === p);
  }

  /** Resolves once `predicate` holds, polling; rejects after `timeoutMs`. */
  async waitFor(predicate: () => boolean, timeoutMs = 10_000, what = 'deliveries'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${what} (${this.received.length} received)`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  private listen(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    return new Promise((resolve) => {
      this.server!.listen(0, '127.0.0.1', () => {
        this.port = (this.server!.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const p = (req.url ?? '/').split('?')[0];
    this.arrived.push(p);
    const count = (this.counts.get(p) ?? 0) + 1;
    this.counts.set(p, count);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = String(v);
    const secret = this.secrets.get(p);
    const signature = headers['x-service-signature'];
    const verified =
      secret === undefined ? null : signature ? await this.verify(secret, body, signature) : false;
    const standard = this.standard.get(p);
    let standardVerified: boolean | null = null;
    if (standard) {
      try {
        standard.verify(body, headers);
        standardVerified = true;
      } catch {
        standardVerified = false;
      }
    }
    let json: unknown = null;
    try {
      json = JSON.parse(body);
    } catch {
      /* recorded as text */
    }
    const answer = this.responder({ path: p, count, body });
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    this.received.push({
      path: p,
      headers,
      body,
      json,
      verified,
      standardVerified,
      receivedAt: Date.now(),
      status: answer.status,
    });
    res.writeHead(answer.status, { 'content-type': 'text/plain', ...(answer.headers ?? {}) });
    res.end('ok');
  }
}

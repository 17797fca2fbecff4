import 'reflect-metadata';
import { checkSettings, useSettings } from '@hc/contracts';
import { withCommandContext } from '@hc/data';
import { ClientsService } from './storage/clients.service';
import { StorageModule } from './storage/storage.module';

/** Flags as the `hc` dispatcher passes them: `--flag value`, bare booleans, repeated → array. */
export type Flags = Record<string, string | boolean | string[]>;

function strings(flags: Flags, name: string): string[] {
  const v = flags[name];
  if (v === undefined || typeof v === 'boolean') return [];
  return Array.isArray(v) ? v : [v];
}

function one(flags: Flags, name: string): string | undefined {
  const all = strings(flags, name);
  return all[all.length - 1];
}

function bool(flags: Flags, name: string): boolean {
  const v = flags[name];
  if (v === undefined || v === false) return false;
  if (v === true) return true;
  const s = Array.isArray(v) ? v[v.length - 1] : v;
  if (/^(true|1|yes)$/i.test(s)) return true;
  if (/^(false|0|no)$/i.test(s)) return false;
  throw new Error(`--${name} must be true or false`);
}

type Handler = (clients: ClientsService, flags: Flags) => Promise<object>;

const COMMANDS: Record<string, Handler> = {
  /** A client registered by support (`hc oauth client create`, docs/operations.md). */
  'oauth client create': async (clients, flags) => {
    const confidential = bool(flags, 'confidential');
    const fields = clients.validateRegistration({
      client_name: one(flags, 'name'),
      redirect_uris: strings(flags, 'redirect-uri'),
      token_endpoint_auth_method: confidential ? 'client_secret_basic' : 'none',
    });
    return { client: ClientsService.toResponse(await clients.create(fields)) };
  },
  'oauth client rotate-secret': async (clients, flags) => {
    const id = one(flags, 'client');
    if (!id) throw new Error('--client is required');
    const client = await clients.rotateSecret(id);
    return { client: { client_id: client.client_id, client_secret: client.client_secret } };
  },
};

export const commandNames = Object.keys(COMMANDS);

/** Runs one `oauth …` operator command and returns the JSON object it prints. */
export async function run(command: string, flags: Flags): Promise<object> {
  const handler = COMMANDS[command];
  if (!handler) throw new Error(`unknown command "${command}"`);
  // The apps' boot check (bootSettings of @hc/http, whose import would cost the CLI more).
  const { settings, warnings } = checkSettings();
  for (const line of warnings) process.stderr.write(`hc: ${line}\n`);
  useSettings(settings);
  // Issue 18: only `hc migrate` migrates; this refuses a schema behind the code. Issue 35: the
  // OAuth storage alone starts, on one data source.
  return withCommandContext([StorageModule], (app) => handler(app.get(ClientsService), flags));
}

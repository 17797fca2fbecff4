// The operator CLI (issue 18): --help, errors as one JSON object on stderr, progress on stderr,
// and only `hc migrate` migrates.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { createConnection } from 'mysql2/promise';
import { commandNames as authCommands } from '../../apps/auth-server/src/cli';
import { commandNames as contentCommands } from '../../apps/content-api/src/cli';
import { migrationRow } from '@hc/testing';

const ROOT = path.resolve(__dirname, '../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { COMMANDS } = require('./hc-commands.cjs') as { COMMANDS: Record<string, unknown> };

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

function hc(args: string[], env: Record<string, string> = {}): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(ROOT, 'tools/scripts/hc.cjs'), ...args],
      { cwd: ROOT, env: { ...process.env, ...env }, timeout: 120_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The failure's one JSON object: the last line on stderr (build output may come before). */
function failure(out: Outcome): { message: string; code?: string } {
  expect(out.code).not.toBe(0);
  expect(out.stdout).toBe('');
  const last = out.stderr.trim().split('\n').pop() ?? '';
  return (JSON.parse(last) as { error: { message: string; code?: string } }).error;
}

jest.setTimeout(180_000);

describe('hc, the operator CLI', () => {
  it('lists every command in hc --help, and each command its flags', async () => {
    expect(Object.keys(COMMANDS).sort()).toEqual([...contentCommands, ...authCommands].sort());
    const help = await hc(['--help']);
    expect(help.code).toBe(0);
    for (const name of Object.keys(COMMANDS)) expect(help.stdout).toContain(`  ${name}  `);
    const one = await hc(['site', 'create', '--help']);
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(/^usage: hc site create/);
    for (const flag of ['--owner', '--subdomain', '--plan starter|growth|catalyst']) {
      expect(one.stdout).toContain(flag);
    }
  });

  it('answers a usage mistake with one JSON object on stderr and a non-zero exit', async () => {
    expect(failure(await hc([]))).toEqual({
      message: expect.stringMatching(/^usage: hc <command>/),
      code: 'usage',
    });
    expect(failure(await hc(['no', 'such', 'command'])).message).toMatch(/unknown command/);
    expect(failure(await hc(['user', 'create', '--email', 'a@example.com']))).toEqual({
      message: '--password is required',
    });
  });

  it('refuses commands other than migrate while the schema is behind, without migrating', async () => {
    const db = await createConnection(process.env.HC_DATABASE_URL as string);
    const [[last]] = (await db.query(
      'SELECT * FROM migrations ORDER BY timestamp DESC LIMIT 1',
    )) as unknown as [{ id: number; timestamp: number; name: string }[]];
    await db.query('DELETE FROM migrations WHERE id = ?', [last.id]);
    try {
      for (const args of [
        ['user', 'create', '--email', 'behind@example.com', '--password', 'long-enough-1'],
        ['oauth', 'client', 'create', '--name', 'Behind', '--redirect-uri', 'https://a.example/cb'],
      ]) {
        const error = failure(await hc(args));
        expect(error.code).toBe('schema_behind');
        expect(error.message).toContain(`first ${last.name}); run hc migrate first`);
      }
      const [rows] = (await db.query('SELECT name FROM migrations WHERE name = ?', [
        last.name,
      ])) as unknown as [unknown[]];
      expect(rows).toHaveLength(0); // nothing migrated behind the operator's back
    } finally {
      await migrationRow(db, last);
      await db.end();
    }
  });

  it('migrates a new database with progress on stderr and only JSON on stdout', async () => {
    const url = new URL(process.env.HC_DATABASE_URL as string);
    url.pathname = `${url.pathname}_fresh`;
    const env = { HC_DATABASE_URL: url.toString() };
    try {
      const first = await hc(['migrate'], env);
      expect(first.code).toBe(0);
      const { migrated } = JSON.parse(first.stdout) as { migrated: string[] };
      expect(migrated.length).toBeGreaterThan(5);
      expect(first.stderr).toMatch(/hc: running \d+ migration\(s\): /);
      expect(first.stderr).toMatch(/hc: ran \d+ migration\(s\) in \d+ ms/);

      const again = await hc(['migrate'], env);
      expect(JSON.parse(again.stdout)).toEqual({ migrated: [] });
      expect(again.stderr).toContain('hc: the schema is current; nothing to run');
    } finally {
      const db = await createConnection({
        host: url.hostname,
        port: Number(url.port || 3306),
        user: decodeURIComponent(url.username) || 'root',
        password: decodeURIComponent(url.password),
      });
      await db.query(`DROP DATABASE IF EXISTS \`${url.pathname.slice(1)}\``);
      await db.end();
    }
  });

  it('refuses a database that does not exist yet instead of creating it', async () => {
    const url = new URL(process.env.HC_DATABASE_URL as string);
    url.pathname = `${url.pathname}_absent`;
    const error = failure(
      await hc(['key', 'revoke', '--key', '1'], { HC_DATABASE_URL: url.toString() }),
    );
    expect(error).toEqual({
      message: 'the database does not exist yet; run hc migrate first',
      code: 'schema_behind',
    });
  });
});

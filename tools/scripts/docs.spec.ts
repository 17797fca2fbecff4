import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { SETTING_DEFINITIONS } from '@hc/contracts';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { COMMANDS } = require('./hc-commands.cjs') as { COMMANDS: Record<string, unknown> };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { APPS, EDGE } = require('./projects.cjs') as {
  APPS: { name: string; portVar: string }[];
  EDGE: { name: string; portVar: string };
};

/** Issue 22: the take-over docs are generated from the code and stay current. */
describe('generated docs', () => {
  it('are what `npm run docs` generates now (a stale route map or table fails CI)', () => {
    const out = execFileSync('node', [path.join(ROOT, 'tools/scripts/docs.cjs'), '--check'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(out).toMatch(/are current/);
  }, 120_000);

  it('docs/operations.md names every setting, every hc command, every service and its port setting', () => {
    const ops = read('docs/operations.md');
    for (const name of Object.keys(SETTING_DEFINITIONS)) expect(ops).toContain(`\`${name}\``);
    for (const name of Object.keys(COMMANDS)) expect(ops).toContain(`\`hc ${name}\``);
    for (const app of [EDGE, ...APPS]) {
      expect(ops).toContain(`\`${app.name}\``);
      expect(ops).toContain(`\`${app.portVar}\``);
    }
  });

  it('docs/architecture.md maps routes of every kind to their files', () => {
    const arch = read('docs/architecture.md');
    for (const row of [
      /\| PATCH \/v1\/articles\/:id +\| content-api +\| apps\/content-api\/src\/articles\/articles\.controller\.ts +\| `ArticlesController\.update`/,
      /\| PATCH \/v1\/template\/draft +\| design-service +\| apps\/design-service\/src\/template\/template\.controller\.ts/,
      /\| POST \/oauth\/token +\| auth-server +\| apps\/auth-server\/src\/oauth\/oidc\.service\.ts +\| oidc-provider `token`/,
      /\| POST \/oauth\/register +\| auth-server +\| apps\/auth-server\/src\/oauth\/registration\.controller\.ts/,
      /\| GET \/hc\/\{\*path\} +\| reader-site +\| apps\/reader-site\/src\/routes\/reader\.controller\.ts/,
      /\| `kb_publish_staged_changes` +\| write +\| POST \/v1\/articles\/\{articleId\}\/staged\/publish +\| apps\/mcp-gateway\/src\/tools\/staged\.tools\.ts +\| apps\/content-api\/src\/staged\/staged\.controller\.ts/,
    ]) {
      expect(arch).toMatch(row);
    }
    // Every file the map names exists, and every tool reaches a controller.
    const files = [...arch.matchAll(/\| ((?:apps|libs)\/[^ |]+\.ts)/g)].map((m) => m[1]);
    expect(files.length).toBeGreaterThan(100);
    for (const file of new Set(files)) expect(() => read(file)).not.toThrow();
    expect(arch).not.toMatch(/\| \? /);
  });

  it('no file in the repository points at documents outside it', () => {
    const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
      .split('\0')
      .filter(
        (f) => f && !/^(package-lock\.json|docs\/openapi\.json)$|\.(png|svg|woff2?)$/.test(f),
      );
    // Spelled in pieces so that this file does not match itself.
    const outside = new RegExp(
      [
        '\\.\\./shared/',
        '/work/' + 'shared',
        'ARCHI' + 'TECTURE',
        'operator[- ]con' + 'tract',
      ].join('|'),
    );
    const offenders = tracked.filter((f) => {
      try {
        return outside.test(read(f));
      } catch {
        return false;
      }
    });
    expect(offenders).toEqual([]);
  });
});

// Issue 36 item 2: every app that opens the database names itself to CoreModule.forRoot, so its
// readiness checks its own database user's rights (a module that forgot would skip the check).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { GRANTED_APPS } from '@hc/data';

const ROOT = join(__dirname, '..', '..', '..');

describe('readiness knows which app it checks (issue 36)', () => {
  it.each(GRANTED_APPS)('%s passes its name to CoreModule.forRoot', (app) => {
    const dir = join(ROOT, 'apps', app, 'src');
    const calls = readdirSync(dir)
      .filter((f) => /^app\.(module|factory)\.ts$/.test(f))
      .flatMap(
        (f) => readFileSync(join(dir, f), 'utf8').match(/CoreModule\.forRoot\([^)]*\)/g) ?? [],
      );
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call).toContain(`app: '${app}'`);
  });
});

// Issue 36 item 3: docs/scaling.md's connection arithmetic is the rendered production overlay's
// (recomputed here from every pod template's settings and autoscaler), so the numbers cannot
// drift from the manifests; and the apps it counts dry-run pools for are those that run dry runs.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DRY_RUN_APPS } from '@hc/contracts';
import { connectionCells, connectionRows } from './connections';
import { DEPLOY, render, renderEdited } from './render';

const DOC = join(DEPLOY, '..', 'docs', 'scaling.md');

/** The cells of the table between `<!-- connections: NAME -->` and its end marker. */
function documentedCells(name: string): string[][] {
  const text = readFileSync(DOC, 'utf8');
  const start = text.indexOf(`<!-- connections: ${name} -->`);
  const end = text.indexOf(`<!-- end connections: ${name} -->`);
  if (start < 0 || end < start) throw new Error(`docs/scaling.md has no "${name}" table`);
  return text
    .slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2) // the header and its rule
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry) && !/spec\.ts$/.test(entry) ? [path] : [];
  });

describe('docs/scaling.md: database connections at the autoscalers’ maxima (issue 36)', () => {
  it('shows the production overlay as it renders', () => {
    expect(documentedCells('production')).toEqual(
      connectionCells(connectionRows(render('production'))),
    );
  });

  it('shows the same package with every app at its default pool (no HC_DATABASE_POOL_SIZE)', () => {
    const defaults = renderEdited('production', (write) =>
      write('k8s/overlays/production/config.env', (text) =>
        text.replace(/^HC_DATABASE_POOL_SIZE=.*\n/m, ''),
      ),
    );
    expect(documentedCells('defaults')).toEqual(connectionCells(connectionRows(defaults)));
  });

  it('counts a dry-run pool for exactly the apps that run dry runs', () => {
    const apps = join(DEPLOY, '..', 'apps');
    const running = readdirSync(apps).filter((app) =>
      sourceFiles(join(apps, app, 'src')).some((file) =>
        /\bDryRunner\b/.test(readFileSync(file, 'utf8')),
      ),
    );
    expect(running.sort()).toEqual([...DRY_RUN_APPS].sort());
  });
});

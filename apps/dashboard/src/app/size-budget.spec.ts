import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The first load's size budget (issue 37): what the browser fetches for the dashboard's HTML
 * (the entry chunk, the chunks it imports statically, their CSS), gzipped. The editor and
 * everything else behind a dynamic import stay out. Raise a budget only with a reason in the
 * commit; prefer a lazy import.
 */
const BUDGET = { js: 220 * 1024, css: 40 * 1024 };

const ROOT = path.resolve(__dirname, '../../../..');
const WEB = path.join(ROOT, 'dist/apps/dashboard/web');

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const gz = (file: string) => gzipSync(fs.readFileSync(path.join(WEB, file))).length;

describe('the dashboard first load', () => {
  let manifest: Record<string, Chunk>;

  beforeAll(() => {
    // CI runs the unit tier on a fresh checkout: build first when stale (in a child process,
    // as Vite is an ES module jest's sandbox cannot load).
    const stale = execFileSync(
      process.execPath,
      ['-p', `require(${JSON.stringify(path.join(ROOT, 'tools/scripts/build.cjs'))}).isStale()`],
      { encoding: 'utf8' },
    ).trim();
    if (stale === 'true')
      execFileSync(process.execPath, [path.join(ROOT, 'tools/scripts/build.cjs')], {
        stdio: 'ignore',
      });
    manifest = JSON.parse(fs.readFileSync(path.join(WEB, '.vite/manifest.json'), 'utf8'));
  }, 180_000);

  function firstLoad(): { js: Set<string>; css: Set<string> } {
    const js = new Set<string>();
    const css = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (js.has(chunk.file)) return;
      js.add(chunk.file);
      chunk.css?.forEach((c) => css.add(c));
      chunk.imports?.forEach(visit);
    };
    Object.entries(manifest)
      .filter(([, c]) => c.isEntry)
      .forEach(([key]) => visit(key));
    return { js, css };
  }

  it('stays within its budget, gzipped', () => {
    const { js, css } = firstLoad();
    const size = (files: Set<string>) => [...files].reduce((n, f) => n + gz(f), 0);
    expect({
      js: size(js) <= BUDGET.js,
      css: size(css) <= BUDGET.css,
      jsKb: Math.round(size(js) / 1024),
      cssKb: Math.round(size(css) / 1024),
    }).toMatchObject({ js: true, css: true });
  });

  it('loads the article editor on demand only', () => {
    const { js } = firstLoad();
    const editor = Object.values(manifest).find((c) => c.src === 'src/articles/editor/index.tsx');
    expect(editor).toBeDefined();
    expect(js.has(editor!.file)).toBe(false);
  });

  it('ships only the Tabler icons the dashboard imports (issue 36 item 8)', () => {
    // Each icon in the bundle is one `createReactComponent('outline', 'arrow-down', 'ArrowDown',
    // …)` call; the sources name them as `IconArrowDown` imported from @tabler/icons-react.
    const bundled = new Set<string>();
    for (const file of fs.readdirSync(path.join(WEB, 'assets')).filter((f) => f.endsWith('.js'))) {
      const text = fs.readFileSync(path.join(WEB, 'assets', file), 'utf8');
      for (const m of text.matchAll(/\(([`'"])(?:outline|filled)\1,\1[a-z0-9-]+\1,\1(\w+)\1,/g))
        bundled.add(`Icon${m[2]}`);
    }
    const imported = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name)) {
          const text = fs.readFileSync(full, 'utf8');
          for (const m of text.matchAll(/import \{([^}]*)\} from '@tabler\/icons-react'/g))
            for (const name of m[1]
              .split(',')
              .map((n) => n.trim())
              .filter(Boolean))
              imported.add(name);
        }
      }
    };
    walk(path.join(ROOT, 'apps/dashboard/src'));
    expect(imported.size).toBeGreaterThan(10);
    expect([...bundled].sort()).toEqual([...imported].sort());
  });
});

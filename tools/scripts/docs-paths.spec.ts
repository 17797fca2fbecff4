// Issue 35: every repository path the docs name exists. A path is a word that starts at a
// top-level folder (`apps/`, `libs/`, `tools/`, `docs/`, `deploy/`, `e2e/`, `.ci/`), and every
// relative Markdown link; placeholders (`<app>`, `*`, `{…}`, `…`), build output under a `dist/`
// folder (git-ignored) and the pattern after `--testPathPatterns` (a prefix of test files) are
// not paths. Read: README.md, docs/*.md and docs/**/*.md.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const PATH = /(?<![\w./@-])((?:apps|libs|tools|docs|deploy|e2e|\.ci)\/[\w.\-/]*\w)(?![<*{…])/g;
const LINK = /\]\(([^)\s#]+)(?:#[^)]*)?\)/g;

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** `file:line: path` for each path a document names that does not exist. */
function deadPaths(): string[] {
  const docs = [path.join(ROOT, 'README.md'), ...markdownFiles(path.join(ROOT, 'docs'))];
  const dead: string[] = [];
  for (const doc of docs) {
    fs.readFileSync(doc, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const where = `${path.relative(ROOT, doc)}:${i + 1}`;
        for (const match of line.matchAll(PATH)) {
          const named = match[1];
          if (named.split('/').includes('dist')) continue;
          if (line.slice(0, match.index).endsWith('--testPathPatterns ')) continue;
          if (!fs.existsSync(path.join(ROOT, named))) dead.push(`${where}: ${named}`);
        }
        for (const [, target] of line.matchAll(LINK)) {
          if (/^[a-z][a-z+.-]*:/i.test(target) || /[<…*{]/.test(target)) continue;
          if (!fs.existsSync(path.resolve(path.dirname(doc), target)))
            dead.push(`${where}: link ${target}`);
        }
      });
  }
  return dead;
}

it('names no repository path that does not exist in README.md and docs/', () => {
  expect(deadPaths()).toEqual([]);
});

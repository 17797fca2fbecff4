import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// The article write model (docs/architecture.md): one writer of the live article, and the
// staged and versions folders never import each other.

const SRC = join(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.ts$/.test(e.name) && !/spec\.ts$/.test(e.name) ? [path] : [];
  });
}

const files = sources(SRC).map((path) => ({
  file: relative(SRC, path),
  text: readFileSync(path, 'utf8'),
}));

/** The repository writes of the live article's values, slugs, versions and redirects. */
const WRITES =
  /\.(updateCore|upsertTranslation|deleteTranslation|setCategories|setAudioFile|redirectSlug)\(|\barticles\.freeSlug\(|\bversions\.(insert|prune)\(/;

describe('the article write model', () => {
  it('reads the sources it checks', () => {
    expect(files.map((f) => f.file)).toEqual(
      expect.arrayContaining([
        'articles/article-writer.ts',
        'staged/staged-publisher.ts',
        'versions/versions.service.ts',
      ]),
    );
  });

  it('is the only caller of the live article’s repository writes', () => {
    const callers = files
      .filter((f) => !f.file.endsWith('.repository.ts') && WRITES.test(f.text))
      .map((f) => f.file);
    expect(callers).toEqual(['articles/article-writer.ts']);
  });

  it('keeps staged/ and versions/ apart, and articles/ below both', () => {
    const imports = (folder: string, target: string) =>
      files
        .filter((f) => f.file.startsWith(`${folder}/`))
        .filter((f) => new RegExp(`['"]\\.\\./${target}/`).test(f.text))
        .map((f) => f.file);
    expect(imports('staged', 'versions')).toEqual([]);
    expect(imports('articles', 'staged')).toEqual([]);
    expect(imports('articles', 'versions')).toEqual([]);
  });
});

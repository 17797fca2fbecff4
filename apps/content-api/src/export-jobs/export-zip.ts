import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { frontMatter, htmlToMarkdown, sanitizeHtml, stripInternalMarkup } from '@hc/content';
import type { ArticleView, TranslationRow } from '../articles/articles.repository';

/** A name safe in a zip on every system: letters, digits, `.`, `_`, `-`; at most 80 characters. */
export function safeName(name: string, fallback: string): string {
  const clean = name
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/^[.-]+|-+$/g, '')
    .slice(0, 80);
  return clean || fallback;
}

/** Where an article translation goes in the zip: `<lang>/<id>-<slug>.md`. */
export function articlePath(articleId: number, t: Pick<TranslationRow, 'lang' | 'slug'>): string {
  return `${safeName(t.lang, 'lang')}/${articleId}-${safeName(t.slug, 'article')}.md`;
}

/** Where an image goes in the zip: `images/<id>-<filename>`. */
export function imagePath(image: { id: number; filename: string }): string {
  return `images/${image.id}-${safeName(image.filename, 'image')}`;
}

/**
 * One translation as Markdown with YAML front matter: the HTML a reader would see (internal
 * markup dropped, sanitized), converted as the agents' documents are, the site's stored images
 * pointing at their copies in the zip (`../images/…`).
 */
export function articleMarkdown(
  article: ArticleView,
  t: TranslationRow,
  embedHosts: readonly string[],
  images: ReadonlyMap<string, string>,
): string {
  let body = htmlToMarkdown(sanitizeHtml(stripInternalMarkup(t.content), embedHosts));
  for (const [url, path] of images)
    if (body.includes(url)) body = body.split(url).join(`../${path}`);
  const head = frontMatter({
    id: article.id,
    lang: t.lang,
    title: t.title,
    slug: t.slug,
    status: article.published ? 'published' : 'draft',
    category_id: article.categoryId,
    categories: article.categories,
    created_at: article.createdAt.toISOString(),
    updated_at: article.updatedAt.toISOString(),
  });
  return `${head}\n# ${t.title}\n\n${body}\n`;
}

/**
 * A zip written as it is made (fflate's streaming `Zip`): text deflated, images stored as they
 * are (already compressed). Each add waits while the file stream is full, so a large site never
 * sits in memory.
 */
export class ZipFileWriter {
  private readonly out: WriteStream;
  private readonly zip: Zip;
  private failure: Error | null = null;
  private readonly finished: Promise<void>;
  private bytes = 0;

  constructor(path: string) {
    this.out = createWriteStream(path, { flags: 'wx' });
    let resolve!: () => void;
    let reject!: (err: Error) => void;
    this.finished = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
    this.finished.catch(() => undefined);
    this.out.on('error', (err) => {
      this.failure = err;
      reject(err);
    });
    this.zip = new Zip((err, chunk, final) => {
      if (err) {
        this.failure = err;
        reject(err);
        return;
      }
      this.bytes += chunk.length;
      this.out.write(chunk);
      if (final) this.out.end(() => resolve());
    });
  }

  get size(): number {
    return this.bytes;
  }

  async addText(name: string, text: string): Promise<void> {
    const file = new ZipDeflate(name, { level: 6 });
    this.zip.add(file);
    file.push(new TextEncoder().encode(text), true);
    await this.drained();
  }

  async addBytes(name: string, data: Uint8Array): Promise<void> {
    const file = new ZipPassThrough(name);
    this.zip.add(file);
    file.push(data, true);
    await this.drained();
  }

  async close(): Promise<number> {
    this.zip.end();
    await this.finished;
    return this.bytes;
  }

  /** Stops without finishing (the caller removes the file). */
  abort(): void {
    this.zip.terminate();
    this.out.destroy();
  }

  private async drained(): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.out.writableNeedDrain) await once(this.out, 'drain');
  }
}

import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { touchReaderPages } from '@hc/data';
import type { SiteId } from '@hc/contracts';

/** The article ↔ category links as the category endpoints change them (site-scoped). */
@Injectable()
export class CategoryArticlesRepository {
  async articlesIn(
    siteId: SiteId,
    m: EntityManager,
    categoryId: number,
  ): Promise<{ id: number; trashed: boolean }[]> {
    const rows = await m.query(
      `SELECT a.id, a.deleted_at FROM article_categories ac JOIN articles a ON a.id = ac.article_id
       WHERE ac.site_id = ? AND ac.category_id = ? AND a.site_id = ? FOR UPDATE`,
      [siteId, categoryId, siteId],
    );
    return rows.map((r: { id: number; deleted_at: Date | null }) => ({
      id: Number(r.id),
      trashed: r.deleted_at !== null,
    }));
  }

  /**
   * Moves the articles out of `from`: into `to` when given (unless already there), and fixes
   * the primary category (the new one, else the next of the article's categories, else none).
   */
  async refile(
    siteId: SiteId,
    m: EntityManager,
    from: number,
    articleIds: number[],
    to: number | null,
  ): Promise<void> {
    await touchReaderPages(m, siteId);
    if (articleIds.length === 0) return;
    if (to !== null) {
      await m.query(
        `INSERT IGNORE INTO article_categories (article_id, category_id, site_id, sort)
         SELECT ac.article_id, ?, ac.site_id, ac.sort FROM article_categories ac
         WHERE ac.site_id = ? AND ac.category_id = ? AND ac.article_id IN (?)`,
        [to, siteId, from, articleIds],
      );
    }
    await m.query(
      'DELETE FROM article_categories WHERE site_id = ? AND category_id = ? AND article_id IN (?)',
      [siteId, from, articleIds],
    );
    await m.query(
      `UPDATE articles a SET a.category_id = (
         SELECT ac.category_id FROM article_categories ac WHERE ac.article_id = a.id
         ORDER BY ac.category_id = ? DESC, ac.sort, ac.category_id LIMIT 1)
       WHERE a.site_id = ? AND a.id IN (?) AND (a.category_id = ? OR a.category_id IS NULL)`,
      [to ?? 0, siteId, articleIds, from],
    );
  }

  async inExactlyOneCategory(
    siteId: SiteId,
    m: EntityManager,
    articleIds: number[],
  ): Promise<number[]> {
    if (articleIds.length === 0) return [];
    const rows = await m.query(
      `SELECT article_id FROM article_categories WHERE site_id = ? AND article_id IN (?)
       GROUP BY article_id HAVING COUNT(*) = 1`,
      [siteId, articleIds],
    );
    return rows.map((r: { article_id: number }) => Number(r.article_id));
  }

  async touch(siteId: SiteId, m: EntityManager, articleIds: number[], now: Date): Promise<void> {
    await touchReaderPages(m, siteId);
    await m.query('UPDATE articles SET updated_at = ? WHERE site_id = ? AND id IN (?)', [
      now,
      siteId,
      articleIds,
    ]);
  }

  /** Sets the custom positions in the order given; returns how many were set and the skipped ids. */
  async setOrder(
    siteId: SiteId,
    m: EntityManager,
    categoryId: number,
    articleIds: number[],
  ): Promise<{ updated: number; skipped: number[]; moved: number[] }> {
    await touchReaderPages(m, siteId);
    const rows: { article_id: number; position: number | null }[] = await m.query(
      `SELECT ac.article_id, ac.position FROM article_categories ac JOIN articles a ON a.id = ac.article_id
       WHERE ac.site_id = ? AND ac.category_id = ? AND a.deleted_at IS NULL AND ac.article_id IN (?)
       FOR UPDATE`,
      [siteId, categoryId, articleIds],
    );
    const before = new Map(rows.map((r) => [Number(r.article_id), r.position]));
    const accepted = articleIds.filter((id) => before.has(id));
    // Issue 37: the articles whose position changed (the dashboard announces each).
    const moved = accepted.filter(
      (id, i) => before.get(id) === null || Number(before.get(id)) !== i,
    );
    if (accepted.length) {
      const cases = accepted.map(() => 'WHEN ? THEN ?').join(' ');
      await m.query(
        `UPDATE article_categories SET position = CASE article_id ${cases} END
         WHERE site_id = ? AND category_id = ? AND article_id IN (?)`,
        [...accepted.flatMap((id, i) => [id, i]), siteId, categoryId, accepted],
      );
    }
    return {
      updated: accepted.length,
      skipped: articleIds.filter((id) => !before.has(id)),
      moved: [...new Set(moved)],
    };
  }
}

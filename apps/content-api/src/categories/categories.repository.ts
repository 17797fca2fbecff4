import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DataRepository, touchReaderPages, jsonColumn } from '@hc/data';
import type { SiteId } from '@hc/contracts';

export interface CategoryRow {
  id: number;
  siteId: number;
  parentId: number | null;
  name: Record<string, string>;
  description: Record<string, string>;
  icon: string | null;
  position: number;
  /** Spec 2.4: `public`, the only privacy written (insert below); the API cannot change it. */
  privacy: 'public';
  articleSort: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface CategoryValues {
  parentId?: number | null;
  name?: Record<string, string>;
  description?: Record<string, string>;
  icon?: string | null;
  position?: number;
}

const COLUMNS = `id, site_id, parent_id, name, description, icon, position, privacy, article_sort,
  created_at, updated_at`;

function toRow(r: Record<string, unknown>): CategoryRow {
  const description = jsonColumn<Record<string, string> | unknown[]>(r.description, {});
  return {
    id: Number(r.id),
    siteId: Number(r.site_id),
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    name: jsonColumn(r.name, {}),
    description: Array.isArray(description) ? {} : description,
    icon: (r.icon as string | null) ?? null,
    position: Number(r.position),
    privacy: String(r.privacy) as 'public',
    articleSort: (r.article_sort as string | null) ?? null,
    createdAt: r.created_at as Date,
    updatedAt: r.updated_at as Date,
  };
}

/** Categories of one site; every method takes the site id (a foreign id reads as missing). */
@Injectable()
export class CategoriesRepository extends DataRepository {
  async findById(
    siteId: SiteId,
    id: number,
    m: EntityManager = this.ds.manager,
  ): Promise<CategoryRow | null> {
    const rows = await m.query(`SELECT ${COLUMNS} FROM categories WHERE site_id = ? AND id = ?`, [
      siteId,
      id,
    ]);
    return rows[0] ? toRow(rows[0]) : null;
  }

  async findForUpdate(siteId: SiteId, m: EntityManager, id: number): Promise<CategoryRow | null> {
    const rows = await m.query(
      `SELECT ${COLUMNS} FROM categories WHERE site_id = ? AND id = ? FOR UPDATE`,
      [siteId, id],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  async page(
    siteId: SiteId,
    offset: number,
    limit: number,
  ): Promise<{ rows: CategoryRow[]; total: number }> {
    const { rows, total } = await this.readPage<Record<string, unknown>>(
      {
        columns: COLUMNS,
        from: 'FROM categories WHERE site_id = ?',
        params: [siteId],
        orderBy: 'parent_id IS NOT NULL, parent_id, position, id',
      },
      offset,
      limit,
    );
    return { rows: rows.map(toRow), total };
  }

  async all(siteId: SiteId, m: EntityManager = this.ds.manager): Promise<CategoryRow[]> {
    const rows = await m.query(
      `SELECT ${COLUMNS} FROM categories WHERE site_id = ? ORDER BY parent_id IS NOT NULL, parent_id, position, id`,
      [siteId],
    );
    return rows.map(toRow);
  }

  /** The ids among `ids` that are categories of the site. */
  async existingIds(
    siteId: SiteId,
    ids: number[],
    m: EntityManager = this.ds.manager,
  ): Promise<Set<number>> {
    return this.idsAmong(siteId, m, 'categories', 'id', ids);
  }

  /** Parent links of the site's categories (for the descendant check). */
  async parentLinks(siteId: SiteId, m: EntityManager): Promise<Map<number, number | null>> {
    const rows = await m.query('SELECT id, parent_id FROM categories WHERE site_id = ?', [siteId]);
    return new Map(
      rows.map((r: { id: number; parent_id: number | null }) => [
        Number(r.id),
        r.parent_id === null ? null : Number(r.parent_id),
      ]),
    );
  }

  /** The position after the last sibling (spec 2.4: an omitted position goes after the ordered ones). */
  async nextPosition(siteId: SiteId, m: EntityManager, parentId: number | null): Promise<number> {
    const rows = await m.query(
      'SELECT COALESCE(MAX(position) + 1, 0) AS p FROM categories WHERE site_id = ? AND parent_id <=> ?',
      [siteId, parentId],
    );
    return Number(rows[0].p);
  }

  async insert(
    siteId: SiteId,
    m: EntityManager,
    v: Required<Pick<CategoryValues, 'name' | 'description' | 'position'>> & CategoryValues,
    now: Date,
  ): Promise<number> {
    await touchReaderPages(m, siteId);
    const result = await m.query(
      `INSERT INTO categories (site_id, parent_id, name, description, icon, position, privacy, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, 'public', ?, ?)`,
      [
        siteId,
        v.parentId ?? null,
        JSON.stringify(v.name),
        JSON.stringify(v.description),
        v.icon ?? null,
        v.position,
        now,
        now,
      ],
    );
    return Number(result.insertId);
  }

  async update(
    siteId: SiteId,
    m: EntityManager,
    id: number,
    v: CategoryValues,
    now: Date,
  ): Promise<void> {
    await touchReaderPages(m, siteId);
    const sets: string[] = ['updated_at = ?'];
    const values: unknown[] = [now];
    const columns: [keyof CategoryValues, string, (x: unknown) => unknown][] = [
      ['parentId', 'parent_id', (x) => x],
      ['name', 'name', (x) => JSON.stringify(x)],
      ['description', 'description', (x) => JSON.stringify(x)],
      ['icon', 'icon', (x) => x],
      ['position', 'position', (x) => x],
    ];
    for (const [key, column, encode] of columns) {
      if (v[key] === undefined) continue;
      sets.push(`${column} = ?`);
      values.push(encode(v[key]));
    }
    values.push(siteId, id);
    await m.query(`UPDATE categories SET ${sets.join(', ')} WHERE site_id = ? AND id = ?`, values);
  }

  async children(siteId: SiteId, m: EntityManager, id: number): Promise<number[]> {
    const rows = await m.query(
      'SELECT id FROM categories WHERE site_id = ? AND parent_id = ? ORDER BY position, id',
      [siteId, id],
    );
    return rows.map((r: { id: number }) => Number(r.id));
  }

  async delete(siteId: SiteId, m: EntityManager, id: number): Promise<void> {
    await touchReaderPages(m, siteId);
    await m.query('DELETE FROM categories WHERE site_id = ? AND id = ?', [siteId, id]);
  }
}

import { Inject } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { SiteId } from '@hc/contracts';

/** One page of a listing: `from` is its `FROM … WHERE …`, whose placeholders `params` fill. */
export interface PageQuery {
  columns: string;
  from: string;
  params: unknown[];
  orderBy: string;
}

/**
 * What a domain's repository provider starts from: the app's DataSource, its default manager
 * (reads outside a transaction) and `transaction`, in which a service runs its writes and hands
 * the manager back to the repository's methods (docs/development.md "Data").
 */
export abstract class DataRepository {
  constructor(@Inject(DataSource) protected readonly ds: DataSource) {}

  get manager(): EntityManager {
    return this.ds.manager;
  }

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(work);
  }

  /** The rows of one page of a listing and how many it has over all pages, read side by side. */
  protected async readPage<R>(
    q: PageQuery,
    offset: number,
    limit: number,
  ): Promise<{ rows: R[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.ds.query(`SELECT ${q.columns} ${q.from} ORDER BY ${q.orderBy} LIMIT ? OFFSET ?`, [
        ...q.params,
        limit,
        offset,
      ]),
      this.ds.query(`SELECT COUNT(*) AS n ${q.from}`, q.params),
    ]);
    return { rows, total: Number(count[0].n) };
  }

  /** Those of `ids` found in `column` of the site's rows of `table` (no ids: no query). */
  protected async idsAmong(
    siteId: SiteId,
    m: EntityManager,
    table: string,
    column: string,
    ids: number[],
  ): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows: { id: number }[] = await m.query(
      `SELECT ${column} AS id FROM ${table} WHERE site_id = ? AND ${column} IN (?)`,
      [siteId, ids],
    );
    return new Set(rows.map((r) => Number(r.id)));
  }
}

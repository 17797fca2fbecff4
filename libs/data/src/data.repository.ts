import { Inject } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

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
}

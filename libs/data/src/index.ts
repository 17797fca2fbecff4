export * from './database-url';
export * from './ensure-database';
export * from './data-source';
export * from './migration-lock';
export * from './database.module';
export * from './entities';
export * from './migrations';
export * from './schema-state';

// What the migrations share (issue #22 item 4): the table options, the columns most tables
// have, and the two common kinds of migration (create some tables; add some columns), each with
// the down() that undoes it. So a migration states only its own tables and columns.
// Migrations are history already applied in production: the SQL built here must keep giving the
// schema they always gave (compare SHOW CREATE TABLE of every table before and after a change).
// Change nothing here that a shipped migration uses; add what a new one needs.
import { MigrationInterface, QueryRunner } from 'typeorm';

/** Every table's engine, character set and collation (docs/development.md "Data"). */
export const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/** The auto-increment id, and its BIGINT form for tables that grow with traffic. */
export const ID = 'id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY';
export const BIG_ID = 'id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY';
/** The site a tenant row belongs to. */
export const SITE_ID = 'site_id INT UNSIGNED NOT NULL';
/** The site as the whole key: one row per site. */
export const SITE_ID_KEY = 'site_id INT UNSIGNED NOT NULL PRIMARY KEY';
export const CREATED_AT = 'created_at DATETIME(3) NOT NULL';
export const UPDATED_AT = 'updated_at DATETIME(3) NOT NULL';

/** Tables by name, each with its column and key definitions in order. */
export type Tables = Readonly<Record<string, readonly string[]>>;
/** New columns by table, then by column name: the definition that follows the name. */
export type Columns = Readonly<Record<string, Readonly<Record<string, string>>>>;

export function createTableSql(table: string, definitions: readonly string[]): string {
  return `CREATE TABLE ${table} (\n  ${definitions.join(',\n  ')}\n) ${TABLE_OPTIONS}`;
}

export function dropTableSql(table: string): string {
  return `DROP TABLE IF EXISTS ${table}`;
}

export function addColumnSql(table: string, column: string, definition: string): string {
  return `ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`;
}

export function dropColumnSql(table: string, column: string): string {
  return `ALTER TABLE ${table} DROP COLUMN ${column}`;
}

/** Creates `tables` in their order; down() drops them (if they exist) in the reverse order. */
export abstract class CreateTablesMigration implements MigrationInterface {
  abstract readonly name: string;
  protected abstract readonly tables: Tables;

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [table, definitions] of Object.entries(this.tables)) {
      await queryRunner.query(createTableSql(table, definitions));
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of Object.keys(this.tables).reverse()) {
      await queryRunner.query(dropTableSql(table));
    }
  }
}

/** Adds `columns` one statement each, in their order; down() drops them in the reverse order. */
export abstract class AddColumnsMigration implements MigrationInterface {
  abstract readonly name: string;
  protected abstract readonly columns: Columns;

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [table, column, definition] of this.added()) {
      await queryRunner.query(addColumnSql(table, column, definition));
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table, column] of this.added().reverse()) {
      await queryRunner.query(dropColumnSql(table, column));
    }
  }

  private added(): [table: string, column: string, definition: string][] {
    return Object.entries(this.columns).flatMap(([table, columns]) =>
      Object.entries(columns).map(([column, definition]): [string, string, string] => [
        table,
        column,
        definition,
      ]),
    );
  }
}

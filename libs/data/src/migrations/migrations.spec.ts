// Issue 19: a release can be rolled back, so every migration keeps its down().
import { MIGRATIONS } from './index';

describe('migrations', () => {
  it.each(MIGRATIONS.map((m) => [m.name, m] as const))('%s has up() and down()', (_name, m) => {
    const migration = new m();
    expect(typeof migration.up).toBe('function');
    expect(typeof migration.down).toBe('function');
    expect(migration.down.toString()).toMatch(/queryRunner|query/);
  });
});

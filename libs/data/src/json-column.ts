/**
 * A JSON column's value as a repository reads it: the driver hands a JSON column (LONGTEXT in
 * MariaDB) over as text, and a value already parsed as it is. With a `fallback`, a NULL (or
 * missing) column reads as the fallback.
 */
export function jsonColumn<T>(value: unknown, fallback?: T): T {
  if ((value === null || value === undefined) && fallback !== undefined) return fallback;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

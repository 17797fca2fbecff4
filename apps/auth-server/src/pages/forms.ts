import type { Request } from 'express';

/** A request carrying an urlencoded form (the server-rendered pages' POSTs). */
export type FormRequest = Request & { body?: Record<string, string | string[] | undefined> };

/** A form field's first value, trimmed (`''` when absent). */
export function field(req: FormRequest, name: string): string {
  const v = req.body?.[name];
  return typeof v === 'string' ? v.trim() : Array.isArray(v) ? String(v[0] ?? '').trim() : '';
}

/** Every value of a repeated form field (checkboxes). */
export function fieldList(req: FormRequest, name: string): string[] {
  const v = req.body?.[name];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

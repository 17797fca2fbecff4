import { Injectable, Param, PipeTransform } from '@nestjs/common';

/** The largest id an unsigned INT column holds; a longer path segment cannot name a row. */
export const MAX_ID = 4_294_967_295;

/** Metadata on a handler: its `@IdParam`s, so the OpenAPI document can state their 404s. */
export const ID_PARAMS_KEY = 'hc:id-params';

export interface IdParamInfo {
  name: string;
  onInvalid: () => Error;
}

/** A path id: 1 to 10 digits, from 1 to MAX_ID; anything else is null. */
export function parseId(raw: unknown): number | null {
  if (typeof raw !== 'string' || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= MAX_ID ? n : null;
}

/**
 * The one pipe for `{id}` path parameters. A segment that cannot be an id answers exactly as an
 * unknown id does on that route, so `onInvalid` is the route's not-found error (spec 4.1 rule 3:
 * some routes answer JSON 404, some the HTML page).
 */
@Injectable()
export class IdPipe implements PipeTransform<unknown, number> {
  constructor(private readonly onInvalid: () => Error) {}

  transform(value: unknown): number {
    const id = parseId(value);
    if (id === null) throw this.onInvalid();
    return id;
  }
}

/** `@IdParam('id', () => notFound('Article not found.')) id: number`. */
export const IdParam =
  (name: string, onInvalid: () => Error): ParameterDecorator =>
  (target, key, index) => {
    Param(name, new IdPipe(onInvalid))(target, key, index);
    if (key === undefined) return;
    const handler = (target as Record<string | symbol, object>)[key];
    const list: IdParamInfo[] = Reflect.getMetadata(ID_PARAMS_KEY, handler) ?? [];
    Reflect.defineMetadata(ID_PARAMS_KEY, [...list, { name, onInvalid }], handler);
  };

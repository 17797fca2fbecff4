import {
  agrees,
  answers,
  arr,
  constant,
  emptyArray,
  formatB,
  int,
  langMap,
  more,
  nullable,
  obj,
  oneOf,
  oneOfStr,
  refTo,
  selfRef,
  str,
  strings,
} from './openapi-schema';

/**
 * The compiler's check of a response schema against the type its mapper returns (issue 35 item
 * 6): the `@ts-expect-error` lines below must fail to compile (tsc fails on an unused one), the
 * others must compile. The runtime assertions show the schemas are the JSON they were.
 */
function toThing(n: number) {
  return {
    id: n,
    name: n > 1 ? 'many' : null,
    kind: n > 1 ? ('b' as const) : ('a' as const),
    tags: ['x'],
    title: { en: 'x' } as Record<string, string>,
    description: n ? { en: 'x' } : [],
    parts: [{ at: 'now', size: n }],
    ...(n > 2 ? { deleted_at: 'now' } : {}),
  };
}
type Thing = ReturnType<typeof toThing>;

const part = obj({ at: formatB, size: int });
const fields = {
  id: int,
  name: nullable(str),
  kind: oneOfStr('a', 'b'),
  tags: strings,
  title: langMap,
  description: oneOf(langMap, emptyArray),
  parts: arr(part),
  deleted_at: str,
};
const THING = agrees<Thing>()(obj(fields, ['deleted_at']), true);

describe('agrees: a schema against its mapper', () => {
  it('keeps the schema as the JSON it was', () => {
    expect(THING).toEqual({
      type: 'object',
      required: ['id', 'name', 'kind', 'tags', 'title', 'description', 'parts'],
      properties: fields,
      additionalProperties: false,
    });
    expect(more(int, { minimum: 0 })).toEqual({ type: 'integer', minimum: 0 });
    expect(Object.keys(toThing(3))).toEqual(Object.keys(fields));
  });

  it('refuses what differs, at compile time', () => {
    const { deleted_at: _gone, ...withoutDeleted } = fields;
    // A mapper field without a schema property.
    // @ts-expect-error deleted_at: in the mapper, not in the schema
    agrees<Thing>()(obj(withoutDeleted), true);
    // A schema property the mapper does not return.
    // @ts-expect-error extra: in the schema, not in the mapper
    agrees<Thing>()(obj({ ...fields, extra: str }, ['deleted_at']), true);
    // A nested one, in an array's objects.
    const lessPart = obj({ ...fields, parts: arr(obj({ at: formatB })) }, ['deleted_at']);
    // @ts-expect-error parts[].size: in the mapper, not in the schema
    agrees<Thing>()(lessPart, true);
    // A value of another type.
    // @ts-expect-error id: the mapper's value does not fit the schema
    agrees<Thing>()(obj({ ...fields, id: str }, ['deleted_at']), true);
    // A null the schema does not allow.
    // @ts-expect-error name: the mapper's value does not fit the schema
    agrees<Thing>()(obj({ ...fields, name: str }, ['deleted_at']), true);
    // An enum missing a value the mapper sends.
    // @ts-expect-error kind: the mapper's value does not fit the schema
    agrees<Thing>()(obj({ ...fields, kind: oneOfStr('a') }, ['deleted_at']), true);
    // A property the mapper sometimes leaves out, required by the schema.
    // @ts-expect-error deleted_at: the mapper's value does not fit the schema
    agrees<Thing>()(obj(fields), true);
    // A schema that says nothing of its value.
    // @ts-expect-error id: the schema does not say what it holds
    agrees<Thing>()(obj({ ...fields, id: { type: 'integer' } }, ['deleted_at']), true);
    // A type that says nothing (a handler that never returns) agrees with nothing.
    // @ts-expect-error the mapper returns nothing (never)
    agrees<never>()(THING, true);
    // A reference describes what its component describes.
    const wrapped = obj({ thing: refTo('Thing', THING), status: constant('success') });
    agrees<{ status: 'success'; thing: Thing }>()(wrapped, true);
    // @ts-expect-error thing: the mapper's value does not fit the schema
    agrees<{ status: 'success'; thing: { id: number } }>()(wrapped, true);
    // A handler's answer may leave out what the shared component leaves optional …
    interface Things {
      get(): Promise<{ status: 'success'; thing: Omit<Thing, 'deleted_at'> }>;
      list(): { status: 'success'; thing: Omit<Thing, 'name'> };
    }
    answers<Things, 'get'>()(wrapped, true);
    // … never what it requires.
    // @ts-expect-error thing.name: in the schema, not in the mapper
    answers<Things, 'list'>()(wrapped, true);
    // A component that holds itself (a thread's replies) is checked where it is declared.
    type Node = { id: number; replies: Node[] };
    const node = obj({ id: int, replies: arr(selfRef('Node')) });
    agrees<Node>()(node, true);
    // @ts-expect-error replies: the mapper's value does not fit the schema
    agrees<{ id: number; replies: number }>()(node, true);
    // @ts-expect-error children: in the mapper, not in the schema
    agrees<{ id: number; replies: Node[]; children: Node[] }>()(node, true);
    expect((node.properties as Record<string, unknown>).replies).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Node' },
    });
    expect(wrapped.properties).toEqual({
      thing: { $ref: '#/components/schemas/Thing' },
      status: { const: 'success' },
    });
  });
});

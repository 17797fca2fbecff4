import { articleDocument, articleLanguages, categoryTree, isoTime } from './documents';

describe('resource documents (issue #26)', () => {
  it('times in format A become ISO 8601 in UTC', () => {
    expect(isoTime('2026-11-20 09:14:02')).toBe('2026-11-20T09:14:02Z');
    expect(isoTime(null)).toBeUndefined();
  });

  it("an article's languages: the default first, as the API orders its maps", () => {
    expect(articleLanguages({ title: { en: 'A' }, content: { en: '', de: '' } })).toEqual([
      'en',
      'de',
    ]);
  });

  it('front matter values are JSON, so a title cannot break out of the YAML', () => {
    const md = articleDocument(
      {
        id: 3,
        title: { en: 'Line one\n---\nevil: true' },
        content: { en: '<p>Body</p>' },
        published: false,
        visibility: 'private',
      },
      'en',
    );
    const parts = md.split(/^---$/m);
    expect(parts).toHaveLength(3); // the title's "---" is inside a JSON string, not a line
    const [, head, body] = parts;
    expect(head).toContain('title: "Line one\\n---\\nevil: true"');
    expect(head).toContain('status: "draft"');
    expect(head).not.toMatch(/^evil/m);
    expect(body).toContain('# Line one --- evil: true\n\nBody');
  });

  it('the category tree: children under parents, siblings by position then id, orphans and loops at the top', () => {
    const tree = categoryTree([
      { id: 1, parent: null, name: { en: 'B' }, position: 2 },
      { id: 2, parent: null, name: { en: 'A' }, position: 1 },
      { id: 3, parent: 1, name: { en: 'B2' }, position: 1 },
      { id: 4, parent: 1, name: { en: 'B1' }, position: 0, description: [] },
      { id: 5, parent: 99, name: { en: 'Orphan' }, position: 0 },
      { id: 6, parent: 7, name: { en: 'Loop 1' }, position: 0 },
      { id: 7, parent: 6, name: { en: 'Loop 2' }, position: 0 },
    ]);
    const shape = (nodes: ReturnType<typeof categoryTree>): unknown =>
      nodes.map((n) => (n.children.length ? [n.id, shape(n.children)] : n.id));
    expect(shape(tree)).toEqual([5, 2, [1, [4, 3]], 6, 7]);
    expect(tree.find((n) => n.id === 1)!.children[0]).not.toHaveProperty('description');
  });
});

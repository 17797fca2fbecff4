import {
  expectSuccess,
  expectValidationErrors,
  lastSiteEventId,
  siteEvents,
  useTwoSites,
} from '@hc/testing';
import type { TestApp, TestSite } from '@hc/testing';
import { createContentApi } from '../app.factory';

const FORMAT_A = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

describe('categories (spec 2.4, 4.6, 6)', () => {
  let t: TestApp, site: TestSite, key: string, otherKey: string;

  const create = async (body: unknown, k = key) => {
    const res = await t.request('POST', '/v1/categories', { key: k, body });
    expect(res.status).toBe(201);
    return res.body.category;
  };
  const article = async (body: unknown) =>
    (await t.request('POST', '/v1/articles', { key, body })).body.article;
  const lastEvent = (s = site) => lastSiteEventId(t.ds, s);
  const eventsAfter = async (id: number) =>
    (await siteEvents(t.ds, site, id)).map(({ event, data }) => ({ event, data }));

  useTwoSites(
    createContentApi,
    { site: { languages: ['en', 'de'] }, other: {} },
    (s) => ({ t, site, key, otherKey } = s),
  );

  it('creates with every field of 2.4; description [] when empty; privacy always public; category.created', async () => {
    const before = await lastEvent();
    const res = await t.request('POST', '/v1/categories', {
      key,
      body: {
        name: { en: 'Getting started', de: 'Erste Schritte' },
        icon: 'rocket',
        privacy: 'private',
      },
    });
    expectSuccess(res, 201, {
      category: {
        id: expect.any(Number),
        parent: null,
        name: { en: 'Getting started', de: 'Erste Schritte' },
        description: [],
        icon: 'rocket',
        position: 0,
        privacy: 'public',
        created_at: expect.stringMatching(FORMAT_A),
        updated_at: expect.stringMatching(FORMAT_A),
      },
    });
    const sent = await eventsAfter(before);
    expect(sent).toEqual([
      {
        event: 'category.created',
        data: {
          type: 'category',
          id: res.body.category.id,
          parent_id: null,
          name: 'Getting started',
          updated_at: res.body.category.updated_at,
        },
      },
    ]);
  });

  it('an omitted position is stored after the ordered ones but the response shows 0', async () => {
    const s = await t.factory.site();
    const k = await t.factory.key(s);
    await create({ name: { en: 'A' }, position: 4 }, k);
    const b = await create({ name: { en: 'B' } }, k);
    expect(b.position).toBe(0);
    const list = await t.request('GET', '/v1/categories', { key: k });
    expect(list.body.categories.find((c: { id: number }) => c.id === b.id).position).toBe(5);
  });

  it('refuses unsupported languages with 422 validation_error on the field', async () => {
    const res = await t.request('POST', '/v1/categories', {
      key,
      body: { name: { en: 'x', fr: 'y' } },
    });
    expectValidationErrors(res, { name: ['Unsupported language key "fr" provided.'] });
    const desc = await t.request('POST', '/v1/categories', {
      key,
      body: { name: { en: 'x' }, description: { es: 'y' } },
    });
    expect(desc.body.errors.description).toEqual(['Unsupported language key "es" provided.']);
  });

  it('validates name, icon, position and parent', async () => {
    const cases: [unknown, string][] = [
      [{}, 'name'],
      [{ name: { en: '' } }, 'name'],
      [{ name: { en: 'x' }, icon: 'i'.repeat(191) }, 'icon'],
      [{ name: { en: 'x' }, position: -1 }, 'position'],
      [{ name: { en: 'x' }, parent_id: 999999 }, 'parent_id'],
    ];
    for (const [body, field] of cases) {
      const res = await t.request('POST', '/v1/categories', { key, body });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toContain(field);
    }
    const theirs = await create({ name: { en: 'Theirs' } }, otherKey);
    const foreignParent = await t.request('POST', '/v1/categories', {
      key,
      body: { name: { en: 'x' }, parent_id: theirs.id },
    });
    expect(foreignParent.status).toBe(422);
    expect(foreignParent.body.errors.parent_id).toEqual(['The selected parent id is invalid.']);
  });

  it('PATCH changes only what is sent; the name cannot be cleared; description clears to []', async () => {
    const c = await create({ name: { en: 'Name', de: 'Name DE' }, description: { en: 'About' } });
    const res = await t.request('PATCH', `/v1/categories/${c.id}`, {
      key,
      body: { name: { de: 'Neu' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.category).toMatchObject({
      name: { en: 'Name', de: 'Neu' },
      description: { en: 'About' },
    });
    const cleared = await t.request('PATCH', `/v1/categories/${c.id}`, {
      key,
      body: { description: { en: '' } },
    });
    expect(cleared.body.category.description).toEqual([]);
    const writtenBack = await t.request('PATCH', `/v1/categories/${c.id}`, {
      key,
      body: cleared.body.category,
    });
    expect(writtenBack.status).toBe(200);
    expect(writtenBack.body.category).toMatchObject({
      name: { en: 'Name', de: 'Neu' },
      description: [],
      privacy: 'public',
    });
    const noName = await t.request('PATCH', `/v1/categories/${c.id}`, {
      key,
      body: { name: { en: '', de: '' } },
    });
    expect(noName.status).toBe(422);
    expect(
      (await t.request('PATCH', `/v1/categories/${c.id}`, { key, body: { name: null } })).status,
    ).toBe(422);
  });

  it('a new parent may not be the category itself or a descendant', async () => {
    const top = await create({ name: { en: 'Top' } });
    const mid = await create({ name: { en: 'Mid' }, parent_id: top.id });
    const leaf = await create({ name: { en: 'Leaf' }, parent: mid.id });
    expect(leaf.parent).toBe(mid.id);
    for (const parent of [top.id, leaf.id]) {
      const res = await t.request('PATCH', `/v1/categories/${top.id}`, {
        key,
        body: { parent_id: parent },
      });
      expect(res.status).toBe(422);
      expect(res.body.errors.parent_id).toBeDefined();
    }
    const before = await lastEvent();
    const moved = await t.request('PATCH', `/v1/categories/${leaf.id}`, {
      key,
      body: { parent_id: top.id },
    });
    expect(moved.body.category.parent).toBe(top.id);
    expect(
      (await eventsAfter(before)).map((e: { event: string; data: any }) => [
        e.event,
        e.data.parent_id,
      ]),
    ).toEqual([['category.updated', top.id]]);
  });

  it('PATCH and DELETE of an unknown or foreign id answer the HTML 404', async () => {
    const theirs = await create({ name: { en: 'Theirs' } }, otherKey);
    for (const [method, path] of [
      ['PATCH', `/v1/categories/${theirs.id}`],
      ['DELETE', `/v1/categories/${theirs.id}`],
      ['PUT', `/v1/categories/${theirs.id}/articles/order`],
      ['PATCH', '/v1/categories/99999999'],
    ]) {
      const res = await t.request(method, path, {
        key,
        body: method === 'DELETE' ? undefined : { name: { en: 'x' }, order: [1] },
      });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('text/html');
    }
  });

  it('GET /categories pages (422 over 100) and redirects invalid input without Accept: application/json', async () => {
    const res = await t.request('GET', '/v1/categories?limit=2', { key });
    expect(res.body.categories).toHaveLength(2);
    expect(res.body.meta).toMatchObject({ page: 1, per_page: 2, items_count: expect.any(Number) });
    const tooBig = await t.request('GET', '/v1/categories?limit=101', { key });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors.limit).toEqual(['The limit field must not be greater than 100.']);
    const redirect = await t.request('GET', '/v1/categories?limit=101', { key, json: false });
    expect(redirect.status).toBe(302);
    const theirs = await t.request('GET', '/v1/categories', { key: otherKey });
    expect(
      theirs.body.categories.every((c: { name: { en: string } }) => c.name.en === 'Theirs'),
    ).toBe(true);
  });

  describe('delete (on_orphan)', () => {
    it('deletes an empty category without on_orphan and sends category.deleted', async () => {
      const c = await create({ name: { en: 'Empty' } });
      const before = await lastEvent();
      const res = await t.request('DELETE', `/v1/categories/${c.id}`, { key });
      expectSuccess(res, 200, {
        message: expect.any(String),
        on_orphan: null,
        articles_moved: 0,
        children_moved: 0,
        trashed_articles_refiled: 0,
        trashed_children_refiled: 0,
        moved_to: null,
      });
      expect((await eventsAfter(before)).map((e: { event: string }) => e.event)).toEqual([
        'category.deleted',
      ]);
    });

    it('refuses to delete a category holding something without on_orphan, saying what it holds', async () => {
      const c = await create({ name: { en: 'Full' } });
      await create({ name: { en: 'Child' }, parent_id: c.id });
      await article({ title: { en: 'In it' }, category_id: c.id });
      await article({ title: { en: 'In it too' }, category_id: c.id });
      const res = await t.request('DELETE', `/v1/categories/${c.id}`, { key });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        status: 'error',
        code: 'category_not_empty',
        articles_count: 2,
        children_count: 1,
      });
      expect(res.body.message).toContain('2 articles and 1 subcategory');
      expect(res.body.message).toContain('on_orphan');
      expect(
        (await t.request('DELETE', `/v1/categories/${c.id}?on_orphan=keep`, { key })).status,
      ).toBe(422);
    });

    it('reads on_orphan at the edge (DeleteCategoryQuery): another value is 422 shape (b), even for an empty category', async () => {
      const c = await create({ name: { en: 'Empty one' } });
      const res = await t.request('DELETE', `/v1/categories/${c.id}?on_orphan=keep`, { key });
      expectValidationErrors(res, { on_orphan: ['The selected on orphan is invalid.'] });
      expect((await t.request('DELETE', `/v1/categories/${c.id}`, { key })).status).toBe(200);
    });

    it('uncategorize: articles lose the category, subcategories go to the top level, Trash refiled', async () => {
      const c = await create({ name: { en: 'Uncat' } });
      const child = await create({ name: { en: 'Uncat child' }, parent_id: c.id });
      const keep = await create({ name: { en: 'Keeper' } });
      const only = await article({ title: { en: 'Only here' }, category_id: c.id });
      const both = await article({ title: { en: 'Here and there' }, categories: [c.id, keep.id] });
      const trashed = await article({ title: { en: 'Trashed here' }, category_id: c.id });
      await t.request('DELETE', `/v1/articles/${trashed.id}`, { key });
      const before = await lastEvent();
      const res = await t.request('DELETE', `/v1/categories/${c.id}?on_orphan=uncategorize`, {
        key,
      });
      expect(res.body).toMatchObject({
        on_orphan: 'uncategorize',
        articles_moved: 2,
        children_moved: 1,
        trashed_articles_refiled: 1,
        trashed_children_refiled: 0,
        moved_to: null,
      });
      expect(
        (await t.request('GET', `/v1/articles/${only.id}`, { key })).body.article,
      ).toMatchObject({ category_id: null, categories: [] });
      expect(
        (await t.request('GET', `/v1/articles/${both.id}`, { key })).body.article,
      ).toMatchObject({ category_id: keep.id, categories: [keep.id] });
      const list = await t.request('GET', '/v1/categories', { key });
      expect(list.body.categories.find((x: { id: number }) => x.id === child.id).parent).toBeNull();
      // spec 6: category.deleted, plus article.updated for an article left in only one category
      const sent = await eventsAfter(before);
      expect(sent.map((e: { event: string; data: any }) => [e.event, e.data.id])).toEqual([
        ['category.deleted', c.id],
        ['article.updated', both.id],
      ]);
      expect(sent[1].data.category_id).toBe(keep.id);
    });

    it('reparent: articles and subcategories move to the parent', async () => {
      const parent = await create({ name: { en: 'Parent' } });
      const c = await create({ name: { en: 'Middle' }, parent_id: parent.id });
      const child = await create({ name: { en: 'Grandchild' }, parent_id: c.id });
      const a = await article({ title: { en: 'Moves up' }, category_id: c.id });
      const res = await t.request('DELETE', `/v1/categories/${c.id}?on_orphan=reparent`, { key });
      expect(res.body).toMatchObject({
        on_orphan: 'reparent',
        articles_moved: 1,
        children_moved: 1,
        moved_to: parent.id,
      });
      expect((await t.request('GET', `/v1/articles/${a.id}`, { key })).body.article).toMatchObject({
        category_id: parent.id,
        categories: [parent.id],
      });
      const list = await t.request('GET', '/v1/categories', { key });
      expect(list.body.categories.find((x: { id: number }) => x.id === child.id).parent).toBe(
        parent.id,
      );
    });
  });

  describe('ordering', () => {
    it('PUT /categories/order sets positions among siblings and sends category.updated per change', async () => {
      const s = await t.factory.site();
      const k = await t.factory.key(s);
      const a = await create({ name: { en: 'A' } }, k);
      const b = await create({ name: { en: 'B' } }, k);
      const c = await create({ name: { en: 'C' } }, k);
      const before = await lastEvent(s);
      const res = await t.request('PUT', '/v1/categories/order', {
        key: k,
        body: { order: [c.id, a.id, b.id] },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 'success',
        message: expect.any(String),
        updated_count: 3,
      });
      expect(
        res.body.categories.map((x: { id: number; position: number }) => [x.id, x.position]),
      ).toEqual([
        [c.id, 0],
        [a.id, 1],
        [b.id, 2],
      ]);
      const rows = await siteEvents(t.ds, s, before);
      expect(rows.map((r) => r.event)).toEqual([
        'category.updated',
        'category.updated',
        'category.updated',
      ]);
      const theirs = await create({ name: { en: 'T' } }, otherKey);
      const foreign = await t.request('PUT', '/v1/categories/order', {
        key: k,
        body: { order: [a.id, theirs.id] },
      });
      expect(foreign.status).toBe(422);
      expect(foreign.body.errors['order.1']).toBeDefined();
      expect(
        (await t.request('PUT', '/v1/categories/order', { key: k, body: [b.id, a.id] })).body
          .updated_count,
      ).toBe(2);
    });

    it('reads the order from `order`, `categories` or a bare array, checked at the edge', async () => {
      const a = await create({ name: { en: 'A' } });
      const b = await create({ name: { en: 'B' } });
      const put = (body: unknown) => t.request('PUT', '/v1/categories/order', { key, body });
      for (const body of [{ order: [b.id, a.id] }, { categories: [b.id, a.id] }, [b.id, a.id]])
        expect((await put(body)).status).toBe(200);
      const refusals: Array<[unknown, Record<string, string[]>]> = [
        [{}, { order: ['The order field is required.'] }],
        [{ order: 'x' }, { order: ['The order field must be an array.'] }],
        [{ order: [a.id, 'x'] }, { 'order.1': ['The order.1 field must be an integer.'] }],
        [[a.id, a.id], { 'order.1': ['The order.1 field has a duplicate value.'] }],
      ];
      for (const [body, errors] of refusals) {
        expectValidationErrors(await put(body), errors);
      }
    });

    it('PUT /categories/{id}/articles/order saves the custom order without an event', async () => {
      const c = await create({ name: { en: 'Ordered' } });
      const a1 = await article({ title: { en: 'One' }, category_id: c.id });
      const a2 = await article({ title: { en: 'Two' }, category_id: c.id });
      const outside = await article({ title: { en: 'Outside' } });
      const before = await lastEvent();
      const res = await t.request('PUT', `/v1/categories/${c.id}/articles/order`, {
        key,
        body: { order: [a2.id, outside.id, a1.id, 99999999] },
      });
      expectSuccess(res, 200, {
        message: expect.any(String),
        updated_count: 2,
        skipped_article_ids: [outside.id, 99999999],
        order_visible: false,
        article_sort: 'newest',
        article_sort_source: 'site_default',
        hint: expect.stringContaining('Custom'),
      });
      expect(await eventsAfter(before)).toEqual([]);
      const rows = await t.ds.query(
        'SELECT article_id, position FROM article_categories WHERE category_id = ? ORDER BY position',
        [c.id],
      );
      expect(rows.map((r: { article_id: number }) => Number(r.article_id))).toEqual([a2.id, a1.id]);
      await t.ds.query(`UPDATE categories SET article_sort = 'custom' WHERE id = ?`, [c.id]);
      const visible = await t.request('PUT', `/v1/categories/${c.id}/articles/order`, {
        key,
        body: { articles: [a1.id, a2.id] },
      });
      expect(visible.body).toMatchObject({
        order_visible: true,
        article_sort: 'custom',
        article_sort_source: 'category',
        hint: null,
      });
    });
  });
});

import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { WebhookReceiver } from '@hc/testing';
import { useBrowser } from './support/browser';
import { compareScreenshot, MAX_DIFF_RATIO } from './support/screenshots';
import {
  cli,
  dashboardSession,
  edge,
  hc,
  ownerWithKey,
  postArticle,
  stack,
  unique,
} from './support/stack';

/**
 * The team dashboard as a person uses it (issue 37), in the Debian Chromium: sign in and out,
 * the articles list and its URL, reordering a category's articles by drag and by keyboard, what
 * a Viewer sees and may do, axe on every page, and screenshots of the main pages in light and
 * dark compared with e2e/dashboard-screenshots (HC_TEST_UPDATE_SCREENSHOTS=1 rewrites them).
 * One stack and one browser for the file; each person has a browser context of their own.
 */
const REFERENCES = path.join(__dirname, 'dashboard-screenshots');
const VIEWPORT = { width: 1200, height: 760 };
const PASSWORD = 'secret-pass-1';
/** Nothing moves and no caret blinks in a screenshot. */
const STILL =
  '*,*:before,*:after{animation:none!important;transition:none!important;caret-color:transparent!important}';

interface Fixture {
  siteId: number;
  /** Where the site's webhook (every event) delivers. */
  hook: string;
  key: string;
  owner: string;
  viewer: string;
  billing: number;
  titles: { pay: number; download: number; refund: number; install: number };
}

let receiver: WebhookReceiver;

/** The events delivered for article `id` so far, in order. */
const eventsOf = (f: Fixture, id: number) =>
  receiver
    .for(f.hook)
    .filter((d) => d.json.data.id === id)
    .map((d) => d.json.event as string);

async function fixture(): Promise<Fixture> {
  const owner = await ownerWithKey('Acme Docs', { siteFlags: ['--languages', 'en,de'] });
  const key = owner.key;
  const category = async (name: string) =>
    (await edge('POST', '/v1/categories', { key, body: { name: { en: name } } })).body.category
      .id as number;
  const billing = await category('Billing');
  await category('Getting started');
  const article = async (title: string, published: boolean, categoryId: number | null) => {
    const res = await postArticle(key, {
      title: { en: title },
      content: { en: `<p>${title}.</p>` },
      published,
      category_id: categoryId,
    });
    expect(res.status).toBe(201);
    return res.body.article.id as number;
  };
  const titles = {
    pay: await article('Pay an invoice', true, billing),
    download: await article('Download an invoice', true, billing),
    refund: await article('Ask for a refund', false, billing),
    install: await article('Install the app', false, null),
  };
  const hook = `/dashboard-${owner.site.id}`;
  const reg = await edge('POST', '/v1/webhooks', { key, body: { url: receiver.url(hook) } });
  expect(reg.status).toBe(201);
  receiver.secretFor(hook, reg.body.webhook.secret);
  const viewer = `${unique('viewer')}@example.test`;
  const { user } = await hc('user', 'create', '--email', viewer, '--password', PASSWORD);
  await cli('member add', { site: owner.site.id, user: user.id, role: 'viewer' });
  return { siteId: owner.site.id, hook, key, owner: owner.email, viewer, billing, titles };
}

describe('the team dashboard in a browser (issue 37)', () => {
  let browser: Browser;
  let f: Fixture;
  const app = (p = '') => `${stack.publicUrl}/app${p}`;

  useBrowser((b) => (browser = b), ['--font-render-hinting=none', '--disable-lcd-text']);
  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    f = await fixture();
  });
  afterAll(() => receiver.close());

  /** A browser context of its own, signed in with the sign-in page as a person would. */
  async function signedIn(email: string, colorScheme: 'light' | 'dark' = 'light') {
    const context = await browser.newContext({
      viewport: VIEWPORT,
      colorScheme,
      reducedMotion: 'reduce',
      timezoneId: 'UTC',
      locale: 'en',
    });
    const page = await context.newPage();
    await page.goto(app(`/sites/${f.siteId}/articles`));
    await page.waitForURL(/\/signin\?return_to=/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(new RegExp(`/app/sites/${f.siteId}/articles`));
    await page.getByRole('heading', { name: 'Articles', level: 1 }).waitFor();
    return { context, page };
  }

  const titlesShown = async (page: Page) => {
    // Settled: not the previous page's rows kept while the next loads.
    await page.locator('table[aria-busy="false"] tbody tr').first().waitFor();
    return (await page.locator('tbody tr td a').allTextContents()).sort();
  };

  async function axe(page: Page): Promise<string[]> {
    const result = await new AxeBuilder({ page }).analyze();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${page.url()}: ${v.impact} ${v.id} (${v.help}): ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 4)
            .join(', ')}`,
      );
  }

  it('sends a visitor to sign in, brings them back, and signs them out', async () => {
    const { context, page } = await signedIn(f.owner);
    expect(await titlesShown(page)).toEqual([
      'Ask for a refund',
      'Download an invoice',
      'Install the app',
      'Pay an invoice',
    ]);
    // The session cookie is HttpOnly: the page's script cannot read it.
    expect(await page.evaluate('document.cookie')).not.toContain('hc_dashboard');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/signin/);
    await page.goto(app(`/sites/${f.siteId}/trash`));
    await page.waitForURL(/\/signin\?return_to=%2Fapp%2Fsites%2F\d+%2Ftrash/);
    await context.close();
  });

  it('keeps the filters, the sort and the page in the URL', async () => {
    const { context, page } = await signedIn(f.owner);
    await page.getByLabel('Status', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Draft' }).click();
    await page.waitForURL(/status=draft/);
    expect(await titlesShown(page)).toEqual(['Ask for a refund', 'Install the app']);
    // A reload (or a shared link) shows the same list.
    await page.reload();
    expect(await titlesShown(page)).toEqual(['Ask for a refund', 'Install the app']);
    await page.goto(
      app(
        `/sites/${f.siteId}/articles?category=${f.billing}&status=published&sort=views&order=asc`,
      ),
    );
    expect(await titlesShown(page)).toEqual(['Download an invoice', 'Pay an invoice']);
    // The search box asks the API's search (spec 4.4) once the person stops typing.
    const searched = page.waitForRequest(
      (r) => r.url().includes('/v1/articles?') && r.url().includes('search=refund'),
    );
    await page.getByLabel('Search', { exact: true }).fill('refund');
    await page.waitForURL(/q=refund/);
    expect(new URL((await searched).url()).searchParams.get('category_id')).toBe(String(f.billing));
    await context.close();
  });

  it("reorders a category's articles by keyboard and by drag, one request each, the order read back and one article.updated delivered per moved article", async () => {
    const { context, page } = await signedIn(f.owner);
    await page.goto(app(`/sites/${f.siteId}/categories`));
    await page.getByRole('button', { name: 'Billing', exact: true }).click();
    const list = page.getByRole('list', { name: 'Articles in Billing' });
    await list.locator('li').nth(2).waitFor();
    const order = async () => (await list.locator('li').allTextContents()).map((t) => t.trim());
    const before = await order();
    const saved = () =>
      page.waitForRequest(
        (r) =>
          r.method() === 'PUT' && r.url().endsWith(`/v1/categories/${f.billing}/articles/order`),
      );
    // After each save the list reads the order back: the next step starts once that answer is in.
    const reread = () =>
      page.waitForResponse(
        (r) =>
          r.request().method() === 'GET' &&
          r.url().includes(`category_id=${f.billing}`) &&
          r.url().includes('order_by=position'),
      );

    // Keyboard: the handle takes Space, an arrow, Space.
    const first = before[0];
    const put1 = saved();
    const read1 = reread();
    const handle = page.getByRole('button', { name: `Drag ${first} to reorder` });
    await handle.focus();
    // Each step waits for what dnd-kit shows of it, never a sleep: the handle pressed, then its
    // live region's announcement of the new position.
    await page.keyboard.press('Space');
    await page
      .locator(`[aria-label="Drag ${first} to reorder"][aria-pressed="true"]`)
      .waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowDown');
    await page
      .getByText(`${first} is over position 2 of ${before.length}.`, { exact: true })
      .waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    const afterKeys = [before[1], before[0], before[2]];
    expect(JSON.parse((await put1).postData() ?? '{}').order).toEqual(
      afterKeys.map((t) => idOf(t)),
    );
    await read1;
    await until(async () => (await order()).join('|') === afterKeys.join('|'));

    // The Move buttons are the other keyboard way.
    const put2 = saved();
    const read2 = reread();
    await page.getByRole('button', { name: `Move ${afterKeys[2]} up` }).click();
    const afterButton = [afterKeys[0], afterKeys[2], afterKeys[1]];
    expect(JSON.parse((await put2).postData() ?? '{}').order).toEqual(
      afterButton.map((t) => idOf(t)),
    );
    // The rows show the new order, read back, before the mouse measures them.
    await read2;
    await until(async () => (await order()).join('|') === afterButton.join('|'));

    // Drag: the last row's handle onto the first row.
    const put3 = saved();
    const read3 = reread();
    const from = await page
      .getByRole('button', { name: `Drag ${afterButton[2]} to reorder` })
      .boundingBox();
    const to = await list.locator('li').first().boundingBox();
    await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
    await page.mouse.down();
    await page.mouse.move(from!.x + 5, from!.y - 10, { steps: 5 });
    await page.mouse.move(to!.x + 20, to!.y + 2, { steps: 10 });
    await page.mouse.up();
    const afterDrag = [afterButton[2], afterButton[0], afterButton[1]];
    expect(JSON.parse((await put3).postData() ?? '{}').order).toEqual(
      afterDrag.map((t) => idOf(t)),
    );
    // The order the server keeps is read back (order_by=position) and shown after a reload.
    await read3;
    await until(async () => (await order()).join('|') === afterDrag.join('|'));
    await page.reload();
    await page.getByRole('button', { name: 'Billing', exact: true }).click();
    await list.locator('li').nth(2).waitFor();
    await until(async () => (await order()).join('|') === afterDrag.join('|'));
    await context.close();

    // Deliveries: exactly one article.updated per article that changed place in each save
    // (the first save places every article: none had a position yet), none for the others.
    const saves = [afterKeys, afterButton, afterDrag].map((o) => o.map((t) => idOf(t) as number));
    const expected = new Map<number, number>(saves[0].map((id) => [id, 1]));
    for (let i = 1; i < saves.length; i++)
      saves[i].forEach((id, at) => {
        if (saves[i - 1][at] !== id) expected.set(id, (expected.get(id) ?? 0) + 1);
      });
    reordered = expected;
    await receiver.waitFor(
      () => [...expected].every(([id, n]) => updates(id) >= n),
      30_000,
      'article.updated per moved article',
    );
    // No more than that: checked after the last test's sentinel (no article added here, the
    // screenshots show this site).
  });

  /** The reorder's expected article.updated count per article (checked again at the end). */
  let reordered = new Map<number, number>();
  const updates = (id: number) => eventsOf(f, id).filter((e) => e === 'article.updated').length;

  const idOf = (title: string) =>
    ({
      'Pay an invoice': f.titles.pay,
      'Download an invoice': f.titles.download,
      'Ask for a refund': f.titles.refund,
      'Install the app': f.titles.install,
    })[title];

  it('refuses a cross-site form and a cross-site fetch that carry the signed-in person’s cookie', async () => {
    const { context, page } = await signedIn(f.owner);
    const count = async () =>
      (await edge('GET', '/v1/articles?limit=1', { key: f.key })).body.meta.items_count as number;
    const before = await count();
    const target = `${stack.publicUrl}/v1/articles`;
    // Another site's page (a host name of its own: cross-site, not only cross-origin) posts a
    // form and a credentialed fetch to the API while the person is signed in.
    await context.route('http://attacker.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Win a prize</title>
<form id="f" method="post" action="${target}"><input name="title[en]" value="Forged"></form>
<script>
fetch(${JSON.stringify(target)}, { method: 'POST', mode: 'no-cors', credentials: 'include',
  headers: { 'content-type': 'text/plain', 'x-service-site': '${f.siteId}' },
  body: JSON.stringify({ title: { en: 'Forged' } }) })
  .catch(() => undefined)
  .finally(() => document.getElementById('f').submit());
</script>`,
      }),
    );
    const answers: number[] = [];
    page.on('response', (r) => {
      if (r.url() === target) answers.push(r.status());
    });
    const form = page.waitForResponse(
      (r) => r.url() === target && r.request().isNavigationRequest(),
    );
    await page.goto('http://attacker.test/prize');
    expect((await form).status()).toBe(401);
    expect(answers.length).toBeGreaterThanOrEqual(1);
    expect(answers.every((s) => s === 401)).toBe(true);
    expect(await count()).toBe(before);
    await context.close();
  });

  it('shows a Viewer no edit controls, and the API refuses its writes with 403', async () => {
    const { context, page } = await signedIn(f.viewer);
    await titlesShown(page);
    expect(await page.getByRole('button', { name: 'New article' }).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: /^Select/ }).count()).toBe(0);
    await page.goto(app(`/sites/${f.siteId}/categories`));
    await page.getByRole('button', { name: 'Billing', exact: true }).click();
    await page.getByRole('list', { name: 'Articles in Billing' }).locator('li').first().waitFor();
    expect(
      await page
        .getByRole('button', { name: /to reorder|Move .* (up|down)|New category|Delete category/ })
        .count(),
    ).toBe(0);
    await page.goto(app(`/sites/${f.siteId}/trash`));
    await page.getByRole('heading', { name: 'Trash' }).waitFor();
    expect(await page.getByRole('button', { name: 'Empty the Trash' }).count()).toBe(0);
    await context.close();

    // The same person's session, outside the page: reads pass, writes are refused.
    const session = await dashboardSession(f.viewer, PASSWORD);
    const headers = {
      cookie: `hc_dashboard=${session.cookie}`,
      'x-csrf-token': session.csrf,
      'x-service-site': String(f.siteId),
      origin: stack.publicUrl,
    };
    expect((await edge('GET', `/v1/articles/${f.titles.pay}`, { headers })).status).toBe(200);
    for (const [method, url, body] of [
      ['POST', '/v1/articles', { title: { en: 'Nope' } }],
      ['PATCH', `/v1/articles/${f.titles.pay}`, { title: { en: 'Changed' } }],
      ['DELETE', `/v1/articles/${f.titles.pay}`, undefined],
      [
        'PUT',
        `/v1/categories/${f.billing}/articles/order`,
        { order: [f.titles.download, f.titles.pay] },
      ],
      ['POST', '/v1/categories', { name: { en: 'Nope' } }],
    ] as const) {
      const res = await edge(method, url, { headers, body });
      expect(`${method} ${url} ${res.status}`).toBe(`${method} ${url} 403`);
    }
    const still = await edge('GET', `/v1/articles/${f.titles.pay}`, { key: f.key });
    expect(still.body.article.title.en).toBe('Pay an invoice');
  });

  const pages = (): {
    name: string;
    path: string;
    shot: boolean;
    ready: (p: Page) => Promise<unknown>;
  }[] => [
    {
      name: 'articles',
      path: `/sites/${f.siteId}/articles`,
      shot: true,
      ready: (p) => p.locator('table[aria-busy="false"] tbody tr').first().waitFor(),
    },
    {
      name: 'categories',
      path: `/sites/${f.siteId}/categories`,
      shot: true,
      ready: async (p) => {
        await p.getByRole('button', { name: 'Billing', exact: true }).click();
        await p.getByRole('list', { name: 'Articles in Billing' }).locator('li').nth(2).waitFor();
      },
    },
    {
      name: 'trash',
      path: `/sites/${f.siteId}/trash`,
      shot: true,
      ready: (p) => p.getByText('The Trash is empty.').waitFor(),
    },
    {
      name: 'design',
      path: `/sites/${f.siteId}/customizer`,
      shot: false,
      ready: (p) =>
        p.getByRole('tab', { name: 'Themes' }).or(p.getByRole('alert')).first().waitFor(),
    },
    {
      name: 'editor',
      path: `/sites/${f.siteId}/articles/${f.titles.pay}`,
      shot: true,
      ready: (p) => p.locator('.ProseMirror p', { hasText: 'Pay an invoice.' }).waitFor(),
    },
    {
      name: 'connected apps',
      path: '/account/connected-apps',
      shot: false,
      // Issue 38: the dashboard's own screen; its list (or the empty line) has loaded.
      ready: (p) =>
        p
          .getByText('No apps are connected.')
          .or(p.getByRole('button', { name: 'Disconnect' }))
          .first()
          .waitFor(),
    },
    {
      name: 'palette',
      path: `/sites/${f.siteId}/articles`,
      shot: false,
      ready: async (p) => {
        await p.locator('table[aria-busy="false"] tbody tr').first().waitFor();
        await p.keyboard.press('Control+K');
        await p.getByRole('dialog', { name: 'Find anything' }).waitFor();
      },
    },
  ];

  // One test a color scheme: each opens every page, so each gets the whole time of the tier's
  // browser tests (a loaded machine took more than 180 s for both schemes in one test).
  it.each(['light', 'dark'] as const)(
    'passes axe on every page and matches the screenshots in the %s scheme',
    async (colorScheme) => {
      const failures: string[] = [];
      const { context, page } = await signedIn(f.owner, colorScheme);
      await setScheme(context, page, colorScheme);
      for (const p of pages()) {
        await page.goto(app(p.path));
        await p.ready(page);
        await page.addStyleTag({ content: STILL }).catch(() => undefined);
        failures.push(...(await axe(page)));
        if (!p.shot) continue;
        const shot = await page.screenshot({
          animations: 'disabled',
          caret: 'hide',
          // Times of the fixture's writes differ between runs.
          mask: [page.locator('tbody td:nth-child(6)')],
        });
        const name = `${p.name}-${colorScheme}`;
        const ratio = compareScreenshot(REFERENCES, name, shot);
        if (ratio > MAX_DIFF_RATIO)
          failures.push(`${name}: ${(ratio * 100).toFixed(2)} % of pixels differ`);
      }
      await context.close();
      // auth-server's sign-in page, in the dashboard's look.
      const signIn = await browser.newContext({ viewport: VIEWPORT, colorScheme });
      const form = await signIn.newPage();
      await form.goto(`${stack.publicUrl}/signin?return_to=/app`);
      failures.push(...(await axe(form)));
      const ratio = compareScreenshot(REFERENCES, `signin-${colorScheme}`, await form.screenshot());
      if (ratio > MAX_DIFF_RATIO)
        failures.push(`signin-${colorScheme}: ${(ratio * 100).toFixed(2)} % of pixels differ`);
      await signIn.close();
      expect(failures).toEqual([]);
    },
    180_000,
  );

  // Last: it adds articles to the site the screenshots show.
  it('moves several articles to the Trash, restores and deletes several for good, each in one request, and empties, with their events', async () => {
    const make = async (title: string) =>
      (
        await postArticle(f.key, {
          title: { en: title },
          content: { en: '<p>x</p>' },
          published: true,
        })
      ).body.article.id as number;
    const [one, two, three, four, five] = [
      await make('Trash one'),
      await make('Trash two'),
      await make('Trash three'),
      await make('Trash four'),
      await make('Trash five'),
    ];
    await receiver.waitFor(
      () => [one, two, three, four, five].every((id) => eventsOf(f, id).length === 1),
      30_000,
      'article.published ×5',
    );
    const { context, page } = await signedIn(f.owner);
    const actions: unknown[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/v1/dashboard/articles/actions'))
        actions.push(JSON.parse(r.postData() ?? 'null'));
    });
    const check = async (...titles: string[]) => {
      for (const title of titles)
        await page.getByRole('checkbox', { name: `Select ${title}` }).check();
    };
    await page.goto(app(`/sites/${f.siteId}/articles?q=Trash`));
    await check('Trash one', 'Trash two', 'Trash four', 'Trash five');
    await page.getByRole('button', { name: 'Move to Trash' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Move to Trash' }).click();
    await page.getByText('4 articles moved to the Trash.').waitFor();
    // One article alone sends article.deleted.
    await check('Trash three');
    await page.getByRole('button', { name: 'Move to Trash' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Move to Trash' }).click();
    await page.getByText('1 article moved to the Trash.').waitFor();

    // In the Trash, several at once are one request too: restore two, delete two for good.
    await page.goto(app(`/sites/${f.siteId}/trash`));
    const selection = page.getByRole('region', { name: 'Selected articles' });
    await check('Trash one', 'Trash two');
    await selection.getByRole('button', { name: 'Restore', exact: true }).click();
    await page.getByText('2 articles restored.').waitFor();
    await check('Trash four', 'Trash five');
    await selection.getByRole('button', { name: 'Delete for good', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete for good' }).click();
    await page.getByText('2 articles deleted for good.').waitFor();
    expect(actions).toEqual([
      { action: 'trash', ids: [one, two, four, five] },
      { action: 'trash', ids: [three] },
      { action: 'restore', ids: [one, two] },
      { action: 'delete', ids: [four, five] },
    ]);
    await page.getByRole('button', { name: 'Empty the Trash' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Empty the Trash' }).click();
    await page.getByText('The Trash is empty.').first().waitFor();
    await context.close();

    for (const back of [one, two])
      expect(
        (await edge('GET', `/v1/articles/${back}`, { key: f.key })).body.article.published,
      ).toBe(true);
    for (const gone of [three, four, five])
      expect((await edge('GET', `/v1/articles/${gone}`, { key: f.key })).status).toBe(404);
    // A sentinel after everything: once its event is here, every earlier one is too.
    const sentinel = await make('Sentinel');
    await receiver.waitFor(() => eventsOf(f, sentinel).length === 1, 30_000, 'the sentinel');
    // The reorder sent exactly one article.updated per moved article per save, nothing more.
    expect(reordered.size).toBe(3);
    expect(Object.fromEntries([...reordered.keys()].map((id) => [id, updates(id)]))).toEqual(
      Object.fromEntries(reordered),
    );
    // After each article's own announcement (article.published): several to the Trash sent
    // nothing, each restore article.updated, one to the Trash article.deleted, several deleted
    // for good and emptying nothing.
    const after = (id: number) => eventsOf(f, id).slice(1);
    expect([one, two, three, four, five].map(after)).toEqual([
      ['article.updated'],
      ['article.updated'],
      ['article.deleted'],
      [],
      [],
    ]);
  });
});

/** Waits (up to 15 s) until `check` holds: the page's own script may not be evaluated (its CSP). */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (const deadline = Date.now() + 15_000; !(await check());) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the page');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The theme the person picked (remembered per browser), as the toggle sets it. */
async function setScheme(context: BrowserContext, page: Page, scheme: 'light' | 'dark') {
  await context.addInitScript(`localStorage.setItem('hc-dashboard-theme', '${scheme}')`);
  await page.reload();
}

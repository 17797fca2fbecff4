import path from 'node:path';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { axeFailures, eventually, member, PASSWORD, signedIn } from './support/dashboard';
import { compareScreenshot, MAX_DIFF_RATIO } from './support/screenshots';
import { createSite, edge, dashboardSession, hc, stack, unique } from './support/stack';

const REFERENCES = path.join(__dirname, 'dashboard-screenshots');

/**
 * The design editor (issue 39 item 1), as a person uses it: apply a theme, change a color and a
 * component, see them in the draft preview framed from the reader origin, publish with a message
 * and see the reader site change; another person's change gives the stale-draft dialog. A
 * normal reader page cannot be framed; a Viewer sees no design. axe and screenshots. One stack,
 * one browser.
 */
describe('the design editor in the dashboard (issue 39 item 1)', () => {
  let browser: Browser;
  let owner: { context: BrowserContext; page: Page };
  let site: { id: number; subdomain: string; url: string };
  let ownerEmail: string;
  const editor = () => `${stack.publicUrl}/app/sites/${site.id}/customizer`;
  const readerHome = () => `${stack.readerUrl}/hc/${site.subdomain}`;
  const liveHome = async () => (await fetch(readerHome())).text();

  useBrowser((b) => (browser = b));
  beforeAll(async () => {
    ownerEmail = `${unique('design')}@example.test`;
    const { user } = await hc(
      'user',
      'create',
      ...['--email', ownerEmail, '--name', 'Dana Design', '--password', PASSWORD],
    );
    site = await createSite(user.id, unique('Designed '));
    owner = await signedIn(browser, ownerEmail);
    await owner.page.setViewportSize({ width: 1440, height: 900 });
    await owner.page.goto(editor());
    await owner.page.getByRole('tab', { name: 'Themes' }).waitFor();
  });
  afterAll(() => owner?.context.close());

  /** The framed draft preview once it shows `text` (a new hand-off URL after every change). */
  async function previewShowing(page: Page, text: string): Promise<Frame> {
    return eventually(
      async () => {
        const frame = page.frames().find((f) => f.url().includes('/_preview/'));
        const body = frame ? await frame.textContent('body').catch(() => '') : '';
        return body?.includes(text) ? frame : undefined;
      },
      (f) => f !== undefined,
    ) as Promise<Frame>;
  }

  /** Pages → the home page's Hero → its heading, saved. */
  async function heroHeading(page: Page, text: string) {
    await page.getByRole('tab', { name: 'Pages' }).click();
    await page
      .getByRole('region', { name: 'Region hero' })
      .getByRole('button', { name: /^Edit Hero / })
      .click();
    await page.getByLabel('Heading', { exact: true }).fill(text);
    await page.getByRole('button', { name: 'Save Hero' }).click();
  }

  it('applies a theme, changes a color and a component, previews, publishes; the reader site changes', async () => {
    const { page } = owner;
    const harbor = page.getByRole('article', { name: 'Harbor' });
    await harbor.getByRole('button', { name: 'Apply Harbor…' }).click();
    const apply = page.getByRole('dialog', { name: 'Apply Harbor to the draft' });
    await apply.getByRole('button', { name: 'Apply to the draft' }).click();
    await page.getByRole('button', { name: 'Undo: Apply Harbor' }).waitFor();
    await previewShowing(page, 'Developer documentation');

    await page.getByRole('tab', { name: 'Colors' }).click();
    await page.getByLabel('Primary').fill('#c026d3');
    await page.getByRole('button', { name: 'Save light colors' }).click();
    await page.getByRole('button', { name: 'Undo: Light colors' }).waitFor();

    await heroHeading(page, 'Answers for builders');
    await page.getByRole('button', { name: 'Undo: Change Hero' }).waitFor();

    // The draft on the reader origin, framed by the dashboard: the new heading and color.
    const frame = await previewShowing(page, 'Answers for builders');
    expect(new URL(frame.url()).origin).toBe(new URL(site.url).origin);
    expect(await frame.textContent('body')).toContain('Draft preview');
    const primary = await frame.evaluate(
      "getComputedStyle(document.documentElement).getPropertyValue('--hc-color-primary').trim()",
    );
    expect(primary).toBe('#c026d3');
    // Readers still see the live design.
    expect(await liveHome()).not.toContain('Answers for builders');

    // Undo takes the heading back through the API, then the change is made again.
    await page.getByRole('button', { name: 'Undo: Change Hero' }).click();
    await page.getByRole('button', { name: 'Undo: Light colors' }).waitFor();
    await previewShowing(page, 'Developer documentation');
    await heroHeading(page, 'Answers for builders');
    await previewShowing(page, 'Answers for builders');

    await page.getByRole('button', { name: 'Publish…' }).click();
    const publish = page.getByRole('dialog', { name: 'Publish the draft' });
    await publish.getByLabel('Message').fill('Harbor, in magenta');
    await publish.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Same as live').waitFor();
    const live = await eventually(liveHome, (html) => html.includes('Answers for builders'));
    expect(live).toContain('--hc-color-primary:#c026d3');
    await page.getByRole('tab', { name: 'Versions' }).click();
    await page.getByRole('cell', { name: 'Harbor, in magenta' }).waitFor();
  }, 120_000);

  it('another person’s change gives the stale-draft dialog; reload shows theirs', async () => {
    const { page } = owner;
    await page.getByRole('tab', { name: 'Brand' }).click();
    await page.getByLabel('Tagline').fill('Mine');
    const admin = await member(site.id, 'admin');
    const other = await signedIn(browser, admin.email);
    try {
      await other.page.goto(editor());
      await other.page.getByRole('tab', { name: 'Brand' }).click();
      await other.page.getByLabel('Tagline').fill('Theirs');
      await other.page.getByRole('button', { name: 'Save brand' }).click();
      await other.page.getByRole('button', { name: 'Undo: Brand' }).waitFor();
    } finally {
      await other.context.close();
    }
    await page.getByRole('button', { name: 'Save brand' }).click();
    const dialog = page.getByRole('dialog', { name: 'Someone else changed the draft' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('“Brand” was not saved');
    expect(await axeFailures(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Reload the draft' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Tagline').inputValue()).toBe('Theirs');
  }, 60_000);

  it('frames only the preview: a normal reader page refuses the dashboard’s frame', async () => {
    const { page } = owner;
    const normal = await fetch(readerHome());
    expect(normal.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    // The live home page shows the published heading: framed, it would show it too.
    expect(await normal.text()).toContain('Answers for builders');
    // The site's own reader address (the origin the dashboard's frame-src admits).
    await page.evaluate(
      `(() => { const f = document.createElement('iframe'); f.src = ${JSON.stringify(site.url)}; f.title = 'Attack'; document.body.append(f); })()`,
    );
    await page.waitForTimeout(1500);
    const attack = page
      .frames()
      .filter((f) => f !== page.mainFrame() && !f.url().includes('/_preview/'));
    expect(attack.length).toBe(1);
    const texts = await Promise.all(attack.map((f) => f.textContent('body').catch(() => '')));
    expect(texts.join(' ')).not.toContain('Answers for builders');
    await page.goto(editor());
    // The hand-off route answers Owners, Admins and Editors only.
    const viewer = await member(site.id, 'viewer');
    const session = await dashboardSession(viewer.email, PASSWORD);
    const refused = await edge('POST', '/v1/previews/design', { session, site: site.id, body: {} });
    expect(refused.body.code).toBe('design_forbidden');
    const asOwner = { session: await dashboardSession(ownerEmail, PASSWORD), site: site.id };
    const handoff = await edge('POST', '/v1/previews/design', {
      ...asOwner,
      body: { page: 'contact' },
    });
    expect(handoff.status).toBe(201);
    expect(new URL(handoff.body.data.url).origin).toBe(new URL(site.url).origin);
    const asViewer = await signedIn(browser, viewer.email);
    try {
      await asViewer.page.goto(editor());
      await asViewer.page.getByText('No access to the design').waitFor();
      expect(await asViewer.page.getByRole('tab').count()).toBe(0);
    } finally {
      await asViewer.context.close();
    }
  }, 60_000);

  it('passes axe and matches the screenshots in light and dark', async () => {
    const failures: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      const { context, page } = await signedIn(browser, ownerEmail);
      await page.setViewportSize({ width: 1440, height: 900 });
      await context.addInitScript(`localStorage.setItem('hc-dashboard-theme', '${scheme}')`);
      await page.goto(editor());
      await page.getByRole('article', { name: 'Harbor' }).getByRole('img').waitFor();
      await previewShowing(page, 'Answers for builders');
      failures.push(...(await axeFailures(page)));
      const shot = await page.screenshot({
        animations: 'disabled',
        caret: 'hide',
        // The frame's page, the draft's id and time change between runs.
        mask: [page.locator('iframe'), page.getByText(/^Draft \d+, updated/)],
      });
      const ratio = compareScreenshot(REFERENCES, `design-${scheme}`, shot);
      if (ratio > MAX_DIFF_RATIO)
        failures.push(`design-${scheme}: ${(ratio * 100).toFixed(2)} % of pixels differ`);
      await context.close();
    }
    expect(failures).toEqual([]);
  }, 180_000);
});

import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hc, stack, unique } from './stack';

/** The password the dashboard's browser tests give the people they create. */
export const PASSWORD = 'secret-pass-1';

/** A new person (password PASSWORD) added to a site with a role, through the operator CLI. */
export async function member(siteId: number, role: string): Promise<{ email: string; id: number }> {
  const email = `${unique(role)}@example.test`;
  const { user } = await hc('user', 'create', '--email', email, '--password', PASSWORD);
  await hc('member', 'add', '--site', String(siteId), '--user', String(user.id), '--role', role);
  return { email, id: user.id as number };
}

/**
 * A browser context of its own, signed in with the sign-in page as a person would, on the
 * platform origin (a session write carries the browser's Origin, which must be exactly that).
 */
export async function signedIn(
  browser: Browser,
  email: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (process.env.HC_E2E_DEBUG)
    page.on('response', (r) => {
      if (r.status() >= 400)
        console.log(r.status(), r.request().method(), r.url(), r.request().postData());
    });
  await page.goto(`${stack.publicUrl}/signin?return_to=/app/`);
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', PASSWORD);
  await Promise.all([page.waitForURL(/\/app\//), page.click('button[type="submit"]')]);
  return { context, page };
}

/** Polls `read` until `ok` holds (saves happen after 5 s of idle typing). */
export async function eventually<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  ms = 20_000,
): Promise<T> {
  const end = Date.now() + ms;
  let value = await read();
  while (!ok(value)) {
    if (Date.now() > end) throw new Error(`never happened; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 250));
    value = await read();
  }
  return value;
}

/** axe's serious and critical violations on the page, one line each (empty when none). */
export async function axeFailures(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${page.url()}: ${v.impact} ${v.id} (${v.help}): ${v.nodes
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)} ${n.failureSummary ?? ''}`)
          .slice(0, 4)
          .join(', ')}`,
    );
}

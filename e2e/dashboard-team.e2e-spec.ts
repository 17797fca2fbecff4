import AxeBuilder from '@axe-core/playwright';
import { createConnection } from 'mysql2/promise';
import type { Browser, Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { cli, dashboardSession, edge, hc, ownerWithKey, stack, unique } from './support/stack';

/**
 * The team and API keys in the dashboard (issue 38), in the Debian Chromium: an Owner invites a
 * person who accepts from the invitation email and can then edit; an Editor is not offered the
 * keys page and the API refuses; a key is created, used with plain HTTP, revoked, then 401. axe
 * on every new screen. One stack and one browser for the file.
 */
const PASSWORD = 'secret-pass-1';

interface Fixture {
  siteId: number;
  owner: string;
  editor: string;
}

async function fixture(): Promise<Fixture> {
  const owner = await ownerWithKey('Team Docs');
  const editor = `${unique('editor')}@example.test`;
  const { user } = await hc('user', 'create', '--email', editor, '--password', PASSWORD);
  await cli('member add', { site: owner.site.id, user: user.id, role: 'editor' });
  return { siteId: owner.site.id, owner: owner.email, editor };
}

/** The invitation link of the newest invitation email to `email`, as the mail outbox holds it. */
async function invitationLink(email: string): Promise<string> {
  const db = await createConnection({ uri: process.env.HC_E2E_DATABASE_URL as string });
  try {
    const [rows] = await db.query(
      "SELECT body FROM comment_emails WHERE recipient_email = ? AND kind LIKE 'invite:%' ORDER BY id DESC LIMIT 1",
      [email],
    );
    const body = (rows as { body: string }[])[0]?.body ?? '';
    const link = /https?:\/\/\S+\/app\/invitations\/\d+#[\w-]+/.exec(body)?.[0];
    if (!link) throw new Error(`no invitation email to ${email}`);
    return link;
  } finally {
    await db.end();
  }
}

describe('the team and API keys in the dashboard (issue 38)', () => {
  let browser: Browser;
  let f: Fixture;
  const app = (p = '') => `${stack.publicUrl}/app${p}`;

  useBrowser((b) => (browser = b));
  beforeAll(async () => {
    f = await fixture();
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: 1200, height: 800 },
      locale: 'en',
    });
    return context.newPage();
  }

  /** Signs in with the sign-in page and lands on `path` of the dashboard. */
  async function signIn(page: Page, email: string, password = PASSWORD) {
    await page.waitForURL(/\/signin\?return_to=/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  async function signedIn(email: string, path: string): Promise<Page> {
    const page = await newPage();
    await page.goto(app(path));
    await signIn(page, email);
    await page.waitForURL(new RegExp(path));
    return page;
  }

  async function axe(page: Page): Promise<string[]> {
    const result = await new AxeBuilder({ page }).analyze();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${page.url()}: ${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => n.html).join(' | ')}`,
      );
  }

  it('an Owner invites a person who accepts from the email, signs in and can then edit; a used or forged link gives a clear page', async () => {
    const owner = await signedIn(f.owner, `/sites/${f.siteId}/team`);
    await owner.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
    // The API's own message next to the field.
    await owner.getByLabel('Email').fill('not an address');
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await owner.getByText('The email field must be a valid email address.').waitFor();
    const invitee = `${unique('invitee')}@example.test`;
    await owner.getByLabel('Email').fill(invitee);
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await owner.getByRole('table', { name: 'Pending invitations' }).getByText(invitee).waitFor();
    expect(await axe(owner)).toEqual([]);

    const link = await invitationLink(invitee);
    const page = await newPage();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Join Team Docs' }).waitFor();
    // The token left the address bar at once.
    expect(page.url()).not.toContain('#');
    expect(await axe(page)).toEqual([]);
    await page.getByLabel('Your name').fill('Ines Invited');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create my account and join' }).click();
    await page.getByText('The password field must be at least 8 characters.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('invited-pass-1');
    await page.getByRole('button', { name: 'Create my account and join' }).click();
    await page.getByRole('heading', { name: 'Welcome to Team Docs' }).waitFor();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await signIn(page, invitee, 'invited-pass-1');
    // Home (issue 39 item 8): an Editor's shows the drafts waiting.
    await page.waitForURL(new RegExp(`/app/sites/${f.siteId}/?$`));
    await page.getByRole('region', { name: 'Drafts' }).waitFor();
    // The new Editor writes through the dashboard's session API.
    const created = await page.evaluate(async (siteId) => {
      const me = (await (await fetch('/v1/session')).json()) as { data: { csrf_token: string } };
      const res = await fetch('/v1/articles', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': me.data.csrf_token,
          'x-service-site': String(siteId),
        },
        body: JSON.stringify({ title: { en: 'Written by the invitee' } }),
      });
      return res.status;
    }, f.siteId);
    expect(created).toBe(201);

    // The link again: already accepted, nothing changes. A forged one: not valid.
    const again = await newPage();
    await again.goto(link);
    await again.getByRole('heading', { name: 'This invitation was already accepted' }).waitFor();
    expect(await axe(again)).toEqual([]);
    // (A new document: the same address with another fragment would not load the page again.)
    await again.goto('about:blank');
    await again.goto(link.replace(/#.*/, '#forged-token'));
    await again.getByRole('heading', { name: 'This invitation link is not valid' }).waitFor();
    await owner.reload();
    await owner.getByRole('table', { name: 'Members' }).getByText('Ines Invited').waitFor();
    for (const p of [owner, page, again]) await p.context().close();
  });

  it('an Editor is not offered the keys page and the API refuses to create a key', async () => {
    const page = await signedIn(f.editor, `/sites/${f.siteId}/articles`);
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await nav.getByRole('link', { name: 'Articles' }).waitFor();
    expect(await nav.getByRole('link', { name: 'API keys' }).count()).toBe(0);
    await page.goto(app(`/sites/${f.siteId}/keys`));
    await page
      .getByText('Only an Owner or Admin of the site can see and create API keys.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Create key' }).count()).toBe(0);
    await page.context().close();
    const session = await dashboardSession(f.editor, PASSWORD);
    const res = await edge('POST', '/v1/keys', {
      session,
      site: f.siteId,
      body: { name: 'Mine', scope: 'read_write' },
    });
    expect({ status: res.status, code: res.body.code }).toEqual({
      status: 403,
      code: 'role_forbidden',
    });
  });

  it('an Owner creates a key, sees its token once, uses it with plain HTTP, revokes it, and the key gets 401', async () => {
    const page = await signedIn(f.owner, `/sites/${f.siteId}/keys`);
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    await page.getByLabel('Name').fill('Importer');
    await page.getByLabel('Read & write').check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const token = (await page.getByTestId('new-key-token').textContent())?.trim() as string;
    expect(token.length).toBeGreaterThan(20);
    expect(await axe(page)).toEqual([]);
    await page.keyboard.press('Escape');

    const read = await edge('GET', '/v1/articles', { key: token });
    expect(read.status).toBe(200);
    const write = await edge('POST', '/v1/articles', {
      key: token,
      body: { title: { en: 'By key' } },
    });
    expect(write.status).toBe(201);
    // The list shows the key, its creator and its last use, never the token.
    await page.reload();
    const row = page.getByRole('row', { name: /Importer/ });
    await row.getByText('Read & write').waitFor();
    expect(await page.content()).not.toContain(token);

    await row.getByRole('button', { name: 'Revoke Importer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('The key “Importer” was revoked.').waitFor();
    const revoked = await edge('GET', '/v1/articles', { key: token });
    expect({ status: revoked.status, body: revoked.body }).toEqual({
      status: 401,
      body: { status: 'unauthorized' },
    });
    await page.context().close();
  });
});

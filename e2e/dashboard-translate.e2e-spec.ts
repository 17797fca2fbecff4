import type { Browser, Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { edge, ownerWithKey, stack } from './support/stack';
import { axeFailures, member, signedIn } from './support/dashboard';

/**
 * Issue 38 items 6 and 8 in the real Chromium, one stack and one browser: a person translates an
 * article block by block beside its source, releases the translation and readers see it; an
 * edit of the source puts it in the outdated queue; in the editor they select text, start a team
 * note, reply and resolve it. axe on each new screen. No fixed sleeps: every wait is on a
 * condition.
 */

const SOURCE = '<p>Open the account page.</p><p>Choose a new password.</p>';

async function read(key: string, id: number) {
  const answer = await edge('GET', `/v1/articles/${id}`, { key });
  return answer.body.article as {
    content: Record<string, string>;
    title: Record<string, string>;
    published_translations: string[];
    _links: { view: { url: string } };
  };
}

/** Types into a translation block (its editor is the product's, one per source block). */
async function typeBlock(page: Page, n: number, text: string) {
  await page.getByRole('textbox', { name: `Block ${n} (de)` }).click();
  await page.keyboard.type(text);
}

describe('translations and team notes in the dashboard, in a real browser (issue 38)', () => {
  let browser: Browser;
  useBrowser((b) => (browser = b));

  it('translates block by block, releases for readers, queues outdated; a note on selected text is replied to and resolved', async () => {
    const { email, site, key } = await ownerWithKey('Translate site', {
      siteFlags: ['--languages', 'en,de'],
    });
    const created = await edge('POST', '/v1/articles', {
      key,
      body: { title: { en: 'Reset your password' }, content: { en: SOURCE }, published: true },
    });
    const id = created.body.article.id as number;
    const { context, page } = await signedIn(browser, email);
    const failures: string[] = [];
    try {
      // The workspace: the source's two blocks on the left, one editor per block on the right.
      await page.goto(`${stack.publicUrl}/app/sites/${site.id}/translations?all=1`);
      await page.getByRole('link', { name: 'Translate Reset your password into de' }).click();
      await page
        .getByRole('heading', { name: /Translate “Reset your password” into de/ })
        .waitFor();
      expect(await page.getByTestId('source-block').allInnerTexts()).toEqual([
        'Open the account page.',
        'Choose a new password.',
      ]);
      failures.push(...(await axeFailures(page)));
      await page.getByLabel('Title (de)').fill('Passwort zurücksetzen');
      await typeBlock(page, 1, 'Öffnen Sie die Kontoseite.');
      await typeBlock(page, 2, 'Wählen Sie ein neues Passwort.');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('All changes saved').waitFor();
      const saved = await read(key, id);
      expect(saved.content.de).toBe(
        '<p>Öffnen Sie die Kontoseite.</p><p>Wählen Sie ein neues Passwort.</p>',
      );
      expect(saved.published_translations).toEqual(['en']);

      // Released: readers of /de see it.
      await page.getByRole('button', { name: 'Release de' }).click();
      await page.getByText('Released', { exact: true }).waitFor();
      expect((await read(key, id)).published_translations).toEqual(['en', 'de']);
      const reader = await context.newPage();
      const enPath = new URL(saved._links.view.url).pathname;
      await reader.goto(`${stack.readerUrl}${enPath.replace('/articles/', '/de/articles/')}`);
      await reader.getByRole('heading', { name: 'Passwort zurücksetzen' }).waitFor();
      await reader.getByText('Wählen Sie ein neues Passwort.').waitFor();
      await reader.close();

      // The source changes: the translation is outdated and in the queue.
      await edge('PATCH', `/v1/articles/${id}`, {
        key,
        body: { content: { en: `${SOURCE}<p>Then sign in again.</p>` } },
      });
      await page.goto(`${stack.publicUrl}/app/sites/${site.id}/translations`);
      const queue = page.getByRole('table', { name: 'Outdated translations' });
      await queue.getByRole('row', { name: /Reset your password.*Outdated/ }).waitFor();
      failures.push(...(await axeFailures(page)));

      // A team note on selected text in the editor: start, reply, resolve, see it resolved.
      await page.goto(`${stack.publicUrl}/app/sites/${site.id}/articles/${id}`);
      const paragraph = page.locator('.ProseMirror p', { hasText: 'Open the account page.' });
      await paragraph.click();
      // Select "account page" as a person dragging over it would (the DOM selection).
      await page.evaluate(`(() => {
        const p = [...document.querySelectorAll('.ProseMirror p')].find(
          (e) => e.textContent === 'Open the account page.',
        );
        const text = p.firstChild;
        const at = text.textContent.indexOf('account page');
        getSelection().setBaseAndExtent(text, at, text, at + 'account page'.length);
      })()`);
      await page.waitForFunction(`getSelection().toString() === 'account page'`);
      await page.getByRole('button', { name: 'Add a team note on the selection' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a team note' });
      await dialog.getByText('account page', { exact: true }).waitFor();
      await dialog.getByRole('textbox', { name: 'Note' }).fill('Is this the right page?');
      await dialog.getByRole('button', { name: 'Add note' }).click();
      const drawer = page.getByRole('dialog', { name: 'Team notes (en)' });
      const thread = drawer.getByRole('article', { name: 'Note on “account page”' });
      await thread.getByText('Is this the right page?').waitFor();
      expect(await page.locator('.ProseMirror mark[data-hc-note]').innerText()).toBe(
        'account page',
      );
      await thread.getByLabel('Reply').fill('Yes, the account page.');
      await thread.getByRole('button', { name: 'Reply' }).click();
      await thread.getByText('Yes, the account page.').waitFor();
      failures.push(...(await axeFailures(page)));
      await thread.getByRole('button', { name: 'Resolve' }).click();
      await drawer.getByText(/No open notes in this language/).waitFor();
      await drawer.getByLabel('Show resolved threads').check();
      await thread.getByText('Resolved', { exact: true }).waitFor();
      // Readers and keys never see the highlight; opening the editor wrote nothing else.
      const after = await read(key, id);
      expect(after.content.en).not.toContain('mark');
      expect(after.content.en).toContain('Open the account page.');
      expect(failures).toEqual([]);
    } finally {
      await context.close();
    }

    // A Translator sees only the languages they may edit, and may release them.
    const { email: translator } = await member(site.id, 'translator');
    const t = await signedIn(browser, translator);
    try {
      await t.page.goto(`${stack.publicUrl}/app/sites/${site.id}/translations?all=1`);
      const table = t.page.getByRole('table', { name: 'Articles' });
      await table.getByRole('link', { name: 'Translate Reset your password into de' }).waitFor();
      expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['Article (en)', 'de']);
      await t.page.goto(`${stack.publicUrl}/app/sites/${site.id}/translations/${id}/en`);
      await t.page.getByText('“en” is not a language to translate into on this site').waitFor();
      expect(await t.page.getByRole('textbox').count()).toBe(0);
    } finally {
      await t.context.close();
    }
  });
});

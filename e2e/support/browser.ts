import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { testServices } from '@hc/testing';

/**
 * A headless Chromium for the file's tests (at HC_CHROMIUM_PATH, default Debian's: playwright-core
 * brings no browser of its own), closed after them; `use` receives it. `args` go after
 * `--no-sandbox`.
 */
export function useBrowser(use: (browser: Browser) => void, args: string[] = []): void {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: testServices().chromiumPath,
      args: ['--no-sandbox', ...args],
    });
    use(browser);
  });
  afterAll(() => browser?.close());
}

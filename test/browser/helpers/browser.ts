/**
 * Debian's Chromium driven by playwright-core (no downloaded browser). Where it is missing the
 * browser tests skip and say why, except under CI, which installs it (.ci/run) and must run them.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import type { Test } from 'tap';
import { tempDatabase } from '../../helpers/temp-database.js';
import { startServer, type RunningServer } from '../../helpers/server-process.js';

export const CHROMIUM = '/usr/bin/chromium';

/** Screenshots and the like, kept after the run (git-ignored). */
export const ARTIFACTS = fileURLToPath(new URL('../../../.test-artifacts/', import.meta.url));

/** A reason to skip, or undefined when the browser is there (or CI demands it). */
export function missingBrowser(): string | undefined {
  if (existsSync(CHROMIUM) || process.env.CI) return undefined;
  return `${CHROMIUM} is missing (apt-get install -y chromium); CI installs it and runs these tests`;
}

export interface TestBrowser {
  /** A new browser context (its own cookies and storage), closed at `owner`'s end when given; a desktop's window unless `options` say otherwise. */
  context(owner?: Test, options?: BrowserContextOptions): Promise<BrowserContext>;
}

/**
 * A fresh browser, closed at the test's end. playwright gives each launch a new empty
 * --user-data-dir of its own (and refuses one in `args`), so no profile is shared.
 */
export async function launch(t: Test): Promise<TestBrowser> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  t.teardown(() => browser.close());
  return {
    async context(owner, options = {}) {
      const context = await browser.newContext({ viewport: { width: 1200, height: 850 }, ...options });
      owner?.teardown(() => context.close());
      return context;
    },
  };
}

/**
 * One server (on a fresh database, with `env`) and one Chromium for a file's tests: started by
 * the first test that asks, stopped at the end of the file (`t` is the file's root test). Each
 * test makes its own games and browser contexts; a start costs about a second of CPU.
 */
export function perFile(
  t: Test,
  env: Record<string, string> = {},
): () => Promise<{ server: RunningServer; browser: TestBrowser }> {
  let started: Promise<{ server: RunningServer; browser: TestBrowser }> | undefined;
  return () =>
    (started ??= (async () => ({
      server: await startServer(t, tempDatabase(t), env),
      browser: await launch(t),
    }))());
}

/** A phone's window (390×844, touch), for `context()`. */
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** Shows `page` at a phone's size and answers whether it fits the width (no sideways scrolling). */
export async function fitsPhone(page: Page, shot: string): Promise<boolean> {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${ARTIFACTS}${shot}`, fullPage: true });
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
}

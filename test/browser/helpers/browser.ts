/**
 * Debian's Chromium driven by playwright-core (no downloaded browser). Where it is missing the
 * browser tests skip and say why, except under CI, which installs it (.ci/run) and must run them.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
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

/** How long any wait for the page may take before the test fails: a bound, not an expectation. */
export const WAIT_BOUND_MS = 120_000;

export interface TestBrowser {
  /** A new browser context (its own cookies and storage), closed at `owner`'s end when given; a desktop's window unless `options` say otherwise. */
  context(owner?: Test, options?: BrowserContextOptions): Promise<BrowserContext>;
}

/**
 * Chromium features the tests never use that cost CPU in every window: Chromium 156 loads the
 * omnibox's popup (a WebUI page, in a renderer of its own) for each window, which a headless
 * window never shows, about 1.3 s of CPU per browser context; and it keeps a spare renderer
 * started after every navigation for a next one.
 */
const OFF = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup', 'SpareRendererForSitePerProcess'];

/**
 * Playwright's own --disable-features (playwright-core 1.65): Chromium keeps only the last
 * --disable-features given, so ours repeats them, and `launch` fails when Playwright's grew.
 */
const PLAYWRIGHT_OFF = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The Chromium this process started last: its command line, with Playwright's switches first
 * and ours last (Linux's /proc; Playwright tells it no more).
 */
function chromiumCommandLine(): string {
  const children = readdirSync('/proc/self/task').flatMap((task) =>
    readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' ').filter(Boolean),
  );
  const lines = children.map((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      return [];
    }
  });
  const chromium = lines.filter((args) => args.includes('--remote-debugging-pipe')).at(-1);
  if (!chromium) throw new Error('no Chromium among the processes this test started');
  return chromium.join(' ');
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
      `--disable-features=${[...PLAYWRIGHT_OFF, ...OFF].join(',')}`,
    ],
  });
  t.teardown(() => browser.close());
  const lists = [...chromiumCommandLine().matchAll(/--disable-features=(\S*)/g)].map((m) => m[1].split(','));
  const ours = lists.pop() ?? [];
  const dropped = lists.flat().filter((feature) => !ours.includes(feature));
  if (dropped.length > 0)
    throw new Error(`Playwright disables Chromium features that PLAYWRIGHT_OFF does not repeat: ${dropped.join(', ')}`);
  return {
    async context(owner, options = {}) {
      const context = await browser.newContext({ viewport: { width: 1200, height: 850 }, ...options });
      // Playwright's 30 s for a click or a wait is a deadline a busy machine misses (a phone game's
      // tap once took longer beside two CPU hogs): every wait here is for an event, bounded generously.
      context.setDefaultTimeout(WAIT_BOUND_MS);
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

/**
 * Whether `page`'s content fits `width` CSS pixels (no sideways scrolling). Compared with the
 * phone's width itself, not `window.innerWidth`: in a mobile context (`isMobile`) the layout
 * viewport grows to content wider than the screen, so innerWidth grows with it and an overflow
 * would always "fit".
 */
export function fitsWidth(page: Page, width = PHONE.viewport!.width): Promise<boolean> {
  return page.evaluate((w) => document.documentElement.scrollWidth <= w + 1, width);
}

/** Shows `page` at a phone's size and answers whether it fits the width (no sideways scrolling). */
export async function fitsPhone(page: Page, shot: string): Promise<boolean> {
  await page.setViewportSize(PHONE.viewport!);
  await page.screenshot({ path: `${ARTIFACTS}${shot}`, fullPage: true });
  return fitsWidth(page);
}

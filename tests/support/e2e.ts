import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AuthSession, SoloGameView } from '@globetrail/contracts';
import { launchBrowser, watchErrors } from './browser.js';
import { startTestApp, type TestApp } from './test-app.js';

export interface E2E {
  t: TestApp;
  url: string;
  browser: Browser;
  close(): Promise<void>;
}

/** The real app on a fresh data directory (or `dataDir`), and real headless Chromium. */
export async function startE2E(env: Record<string, string> = {}, dataDir?: string): Promise<E2E> {
  const t = await startTestApp({ env, ...(dataDir === undefined ? {} : { dataDir }) });
  const browser = await launchBrowser();
  return {
    t,
    url: (await t.app.getUrl()).replace('[::1]', 'localhost'),
    browser,
    async close() {
      await browser.close();
      await t.close();
    },
  };
}

/**
 * Pages of the feature tests ask for reduced motion, as a player may (client/src/styles/global.css): their
 * windows and panels are there at once instead of after a transition drawn frame by frame in software. The
 * journey (tests/support/journey.ts) and the suites that make their own contexts keep the full motion.
 */
const FEATURE_TEST_MOTION = { reducedMotion: 'reduce' } as const;

export async function openPage(e2e: E2E, path = '/', viewport = { width: 1280, height: 800 }): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await e2e.browser.newContext({ viewport, ...FEATURE_TEST_MOTION });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${e2e.url}${path}`);
  return { context, page, errors };
}

/**
 * A content-hashed file of the client's build (under /assets/): the same bytes for every round, made
 * before any round existed, so it cannot carry a round's answer, while a 5-character coordinate can turn
 * up in it by chance (a CSS number). Leak checks skip them.
 */
export const isBuildAsset = (url: string) => /\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.(js|css|woff2?|svg|png|json)$/.test(new URL(url).pathname);

/** The idToken the client keeps, to ask the server what it knows about the page's game. */
export function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('gt.session') ?? '{}') as { idToken: string }).idToken);
}

export function gameIdOf(page: Page): string {
  const match = /#\/game\/([^/?]+)/.exec(page.url());
  if (!match) throw new Error(`not on a game route: ${page.url()}`);
  return match[1]!;
}

export async function soloView(e2e: E2E, page: Page): Promise<SoloGameView> {
  const response = await e2e.t.http.get(`/solo/${gameIdOf(page)}`).set('Authorization', await tokenOf(page)).expect(200);
  return response.body as SoloGameView;
}

/** Waits until the round's picture is shown, then places a guess by clicking the guess map. */
export async function placeGuessOnMap(page: Page, at: { x: number; y: number } = { x: 0.5, y: 0.45 }): Promise<void> {
  await page.locator('[data-testid="game-screen"][data-phase="guessing"]').waitFor();
  await page.locator('[data-testid="panorama"][data-state="ready"]').waitFor({ timeout: 30_000 });
  await clickGuessMap(page, at);
  await page.getByTestId('marker-guess').waitFor();
}

/** Clicks the guess map at a fraction of its size, once the panel has stopped growing; returns the pixel. */
export async function clickGuessMap(page: Page, at: { x: number; y: number }): Promise<{ x: number; y: number }> {
  const map = page.getByTestId('guess-map');
  await map.hover();
  const canvas = map.locator('canvas.maplibregl-canvas');
  await canvas.waitFor();
  // The panel grows on hover: aim only once its size has held still for a few readings. (Timer-based:
  // animation frames are throttled for pages that are not in front, as with several browser contexts.)
  await canvas.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        let last = '';
        let unchanged = 0;
        const check = () => {
          const { width, height } = element.getBoundingClientRect();
          unchanged = `${width}x${height}` === last ? unchanged + 1 : 0;
          last = `${width}x${height}`;
          if (unchanged >= 3) resolve();
          else setTimeout(check, 60);
        };
        check();
      }),
  );
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the guess map has no size');
  const position = { x: box.width * at.x, y: box.height * at.y };
  await canvas.click({ position });
  return position;
}

export async function resultFigures(page: Page): Promise<{ points: number; distance: string }> {
  await page.getByTestId('round-result').waitFor();
  const points = Number((await page.getByTestId('result-points').innerText()).replace(/[^\d]/g, ''));
  const distance = (await page.getByTestId('result-distance').innerText()).trim();
  return { points, distance };
}

/**
 * A page whose browser already holds `player`'s session (as the client stores it after signing in) and has
 * seen the welcome dialog, opened at `path`.
 */
export async function openSignedIn(
  e2e: E2E,
  player: { session: AuthSession },
  path = '/',
  options: { fakeClock?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 }, ...FEATURE_TEST_MOTION });
  // A clock that runs as the real one until the test moves it on (`page.clock.fastForward`): a 30 s round
  // limit runs out without a 30 s wait. The server keeps its own clock.
  if (options.fakeClock) await context.clock.install();
  const stored = { ...player.session, expiresAt: Date.now() + player.session.expiresIn * 1000, profileCreated: true };
  await context.addInitScript((session) => {
    if (localStorage.getItem('gt.session') === null) localStorage.setItem('gt.session', JSON.stringify(session));
    localStorage.setItem('gt.firstTime', 'false');
  }, stored);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${e2e.url}${path}`);
  return { context, page, errors };
}

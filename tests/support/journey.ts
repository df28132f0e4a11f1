import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ARENA_ID, type DailyChallenges, LOBBY_ID } from '@globetrail/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { playArenaMatch } from './arena-match.js';
import { seriousViolations } from './axe.js';
import { type E2E, placeGuessOnMap, startE2E } from './e2e.js';
import { watchErrors } from './browser.js';
import { type Player, signedUpPlayer } from './test-app.js';

/**
 * A newcomer's journey through every SPEC §2 route and every window and menu entry, on a laptop and on a
 * phone, as a guest and signed in. On each screen: no console error and no failed request other than the
 * ones listed as expected, no sideways scrolling, no enabled control covered by something else (a toast, a
 * banner, a bar: what a click at its centre would hit), and no serious or critical axe-core finding. A
 * screenshot of each screen with a problem goes to test-results/journey/, and of every screen with
 * JOURNEY_SCREENSHOTS=all (README "Screenshots"). The test files (tests/e2e/journey-*.e2e.test.ts) run it on
 * one device each.
 *
 * Signed in, the journey visits the screens a session changes (the header, the menu, what a guest is asked
 * to sign in for, the player's own rounds and challenges); the screens that are the same for everyone
 * (help, settings, the legal pages, another player's profile, an audit, the generator, not found) are
 * checked once, as a guest: they cost a quarter of each pass.
 */
export const SCREENSHOTS = join(process.cwd(), 'test-results', 'journey');
const EVERY_SCREENSHOT = process.env.JOURNEY_SCREENSHOTS === 'all';

const VIEWPORTS = {
  laptop: { viewport: { width: 1366, height: 768 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
} as const;

let e2e: E2E;
/** Another player, whose public profile and open duel the journey visits. */
let host: Player;
let auditedMatch: string;
let dailyId: string;

async function setUp(): Promise<void> {
  // Game timers 5× faster: the arena match the audit page shows is played in seconds.
  e2e = await startE2E({ CLOCK_SPEED: '5' });
  mkdirSync(SCREENSHOTS, { recursive: true });
  host = await signedUpPlayer(e2e.t, 'Host');
  const rival = await signedUpPlayer(e2e.t, 'Rival');
  const match = await playArenaMatch(e2e.t, [host, rival]);
  auditedMatch = match.gameId;
  for (const client of match.clients) client.close();
  dailyId = ((await e2e.t.http.get('/challenges/daily').expect(200)).body as DailyChallenges).challenges[0]!.id;
}

interface Screen {
  name: string;
  /** The same for a guest and a signed-in player: visited by the guest's pass only. */
  sameForEveryone?: boolean;
  /** Brings the screen up from wherever the previous one left the page. */
  open: (page: Page) => Promise<void>;
  /** Requests that may fail on this screen, and why (a failure the page explains to the player). */
  expectedFailures?: RegExp[];
}

/** Opens a window from the main menu. */
const fromMenu = (entry: string, dialog: string) => async (page: Page) => {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: entry }).click();
  await page.getByRole('dialog', { name: dialog }).waitFor();
};

const route = (path: string, ready: (page: Page) => Promise<unknown>) => async (page: Page) => {
  await page.goto(`${e2e.url}/#${path}`);
  await ready(page);
};

function screens(signedIn: boolean): Screen[] {
  return [
    { name: 'home', open: route('/', (page) => page.getByRole('button', { name: 'Menu' }).waitFor()) },
    {
      name: 'menu',
      open: async (page) => {
        await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('dialog', { name: 'Menu' }).waitFor();
      },
    },
    { name: signedIn ? 'account' : 'sign-in', open: fromMenu(signedIn ? 'Account' : 'Sign in', signedIn ? 'Account' : 'Sign in') },
    { name: 'maps', open: fromMenu('Maps', 'Maps') },
    { name: 'challenges', open: fromMenu('Challenges', 'Challenges') },
    { name: 'play-with-friends', open: fromMenu('Play with friends', 'Play with friends') },
    {
      name: signedIn ? 'create-challenge' : 'sign-up',
      open: async (page) => {
        await fromMenu('Challenges', 'Challenges')(page);
        await page.getByTestId('create-challenge').click();
        // Signed in, the challenge form; a guest is offered an account first.
        await page.waitForFunction(() => document.querySelector('dialog:modal:not([data-testid="challenges-window"])') !== null);
      },
    },
    { name: 'settings', sameForEveryone: true, open: fromMenu('Settings', 'Settings') },
    { name: 'help', sameForEveryone: true, open: fromMenu('Help and FAQ', 'Help and FAQ') },
    { name: 'daily-challenges', open: route('/', (page) => page.getByRole('button', { name: /Daily challenges/ }).click()) },
    { name: 'leaderboard', open: route('/leaderboard/points', (page) => page.getByTestId('leaderboard-page').waitFor()) },
    { name: 'public-profile', sameForEveryone: true, open: route(`/user/${host.profile.uid}`, (page) => page.getByTestId('public-profile-window').waitFor()) },
    { name: 'privacy', sameForEveryone: true, open: route('/privacypolicy', (page) => page.getByRole('heading', { level: 1 }).waitFor()) },
    { name: 'terms', sameForEveryone: true, open: route('/termsofservice', (page) => page.getByRole('heading', { level: 1 }).waitFor()) },
    { name: 'map-page', open: route('/map/country-fr', (page) => page.locator('[data-testid="map-extent"][data-loaded]').waitFor()) },
    { name: 'challenge-page', open: route(`/challenge/${dailyId}`, (page) => page.getByTestId('challenge-page').waitFor()) },
    ...(signedIn
      ? [
          {
            name: 'challenge-round',
            open: async (page: Page) => {
              await page.getByTestId('challenge-play-button').click();
              await page.locator('[data-testid="challenge-play"][data-phase="playing"]').waitFor();
              await page.locator('[data-testid="panorama"][data-state="ready"]').waitFor({ timeout: 30_000 });
            },
          },
        ]
      : []),
    { name: 'duels-lobby', open: route(`/game/${LOBBY_ID}`, (page) => page.getByTestId('lobby-screen').waitFor()) },
    { name: 'arena', open: route(`/game/${ARENA_ID}`, (page) => page.getByTestId('arena-screen').waitFor()) },
    { name: 'match-audit', sameForEveryone: true, open: route(`/arena/${auditedMatch}/audit`, (page) => page.getByTestId('audit-page').waitFor()) },
    { name: 'map-editor', open: route('/mapEditor/new', (page) => page.getByTestId(signedIn ? 'map-editor' : 'editor-gate').waitFor()) },
    { name: 'generator', sameForEveryone: true, open: route('/genarator/12/panoramax/FR', (page) => page.getByTestId('generator-page').waitFor()) },
    { name: 'not-found', sameForEveryone: true, open: route('/no/such/page', (page) => page.getByRole('heading', { level: 1 }).waitFor()) },
    {
      name: 'round',
      open: route('/loc/43.6766,4.6278', (page) => page.locator('[data-testid="panorama"][data-state="ready"]').waitFor({ timeout: 30_000 })),
    },
    {
      name: 'round-result',
      open: async (page) => {
        if (page.viewportSize()!.width < 600) {
          await page.getByRole('button', { name: 'Map', exact: true }).click();
          await page.waitForFunction(() => document.querySelector('.guess-sheet--open')?.getAnimations({ subtree: true }).length === 0);
        }
        await placeGuessOnMap(page);
        await page.getByRole('button', { name: 'Guess', exact: true }).click();
        await page.getByTestId('round-result').waitFor();
      },
    },
    {
      name: 'session-summary',
      open: async (page) => {
        await page.getByTestId('result-summary').click();
        await page.getByTestId('summary-map').locator('.world-map[data-loaded]').waitFor();
      },
    },
  ];
}

/** What is wrong with the screen as it stands: sideways scrolling, and enabled controls something else covers. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) problems.push(`the page scrolls sideways: ${root.scrollWidth} px in ${root.clientWidth}`);
    const describe = (element: Element) => {
      const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const testId = element.closest('[data-testid]')?.getAttribute('data-testid');
      return `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/)[0]}` : ''} "${text}"${testId ? ` in ${testId}` : ''}`;
    };
    const scrollsSideways = (element: Element) => {
      for (let at = element.parentElement; at && at !== document.body; at = at.parentElement) {
        const overflow = getComputedStyle(at).overflowX;
        if ((overflow === 'auto' || overflow === 'scroll') && at.scrollWidth > at.clientWidth) return true;
      }
      return false;
    };
    // With a modal window open, only its own controls and headings can be reached.
    const modals = [...document.querySelectorAll('[aria-modal="true"], dialog:modal')].filter((modal) => modal.checkVisibility());
    const scope: ParentNode = modals.at(-1) ?? document;
    // Headings are read, not clicked: what covers any part of their text (a fixed bar) hides it.
    for (const heading of scope.querySelectorAll('h1, h2')) {
      if (!heading.checkVisibility({ opacityProperty: true, visibilityProperty: true }) || heading.closest('[inert], [aria-hidden="true"]')) continue;
      const range = document.createRange();
      range.selectNodeContents(heading);
      const text = range.getBoundingClientRect();
      if (text.width < 2 || text.bottom < 0 || text.top > window.innerHeight) continue;
      for (const x of [text.left + 3, text.left + text.width / 2, text.right - 3]) {
        const hit = document.elementFromPoint(x, text.top + text.height / 2);
        if (hit && hit !== heading && !heading.contains(hit) && !hit.contains(heading)) {
          problems.push(`heading ${describe(heading)} is covered by ${describe(hit)}`);
          break;
        }
      }
    }
    for (const control of scope.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [role="button"], [role="tab"]')) {
      if ((control as HTMLButtonElement).disabled || control.getAttribute('aria-disabled') === 'true' || control.closest('[inert]')) continue;
      if (!control.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = control.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue;
      // Cut off at the screen's side, unless it sits in something that scrolls sideways (a wide table).
      if ((box.left < -1 || box.right > window.innerWidth + 1) && !scrollsSideways(control)) problems.push(`${describe(control)} runs off the screen (${Math.round(box.left)}–${Math.round(box.right)} px)`);
      const y = box.top + box.height / 2;
      if (y < 0 || y >= window.innerHeight || getComputedStyle(control).pointerEvents === 'none') continue;
      // Its centre, and its two ends (a bar slid under another is covered at one end only).
      for (const x of [box.left + box.width / 2, box.left + Math.min(4, box.width / 4), box.right - Math.min(4, box.width / 4)]) {
        if (x < 0 || x >= window.innerWidth) continue;
        const hit = document.elementFromPoint(x, y);
        // The control itself, a part of it, or what clips it (a scrolled list) is not something covering it.
        if (!hit || hit === control || control.contains(hit) || hit.contains(control)) continue;
        problems.push(`${describe(control)} is covered by ${describe(hit)}`);
        break;
      }
    }
    // A toast or banner must leave the screen's own notes readable (a hint, an alert), not only its controls.
    for (const snack of document.querySelectorAll('[data-testid="snack"]')) {
      const over = snack.getBoundingClientRect();
      for (const note of document.querySelectorAll('aside, [role="note"], [role="alert"]')) {
        if (snack.contains(note) || note.contains(snack) || !note.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        const box = note.getBoundingClientRect();
        if (box.right > over.left && box.left < over.right && box.bottom > over.top && box.top < over.bottom) problems.push(`a snack covers ${describe(note)}`);
      }
    }
    return problems;
  });
}

async function visit(context: BrowserContext, label: string, signedIn: boolean): Promise<Record<string, string[]>> {
  const page = await context.newPage();
  const errors = watchErrors(page);
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  page.on('requestfailed', (request) => {
    // A request the page itself gave up (a picture of a screen left, a poll replaced) is not a failure.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`${request.failure()?.errorText} ${new URL(request.url()).pathname}`);
  });
  const found: Record<string, string[]> = {};
  await page.goto(`${e2e.url}/`);
  if (!signedIn) {
    // A first visit: the welcome dialog, then the home view behind it.
    await page.getByTestId('welcome-dialog').waitFor();
    await check(page, `${label}-welcome`, [...errors], [...failed], found);
    // Play: the first round comes up with its hint.
    await page.getByTestId('welcome-dialog').getByRole('button', { name: 'Play', exact: true }).click();
    await page.locator('[data-testid="panorama"][data-state="ready"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('snack').first().waitFor();
    await check(page, `${label}-first-round`, [...errors], [...failed], found);
  }
  for (const screen of screens(signedIn).filter((each) => !(signedIn && each.sameForEveryone))) {
    const [errorsBefore, failedBefore] = [errors.length, failed.length];
    await screen.open(page);
    await check(page, `${label}-${screen.name}`, errors.slice(errorsBefore), failed.slice(failedBefore), found, screen.expectedFailures);
    // Escape closes the window the screen opened; the next screen starts once it has (its close may navigate).
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('dialog:modal'), undefined, { timeout: 5_000 });
    await addressSettled(page);
  }
  await page.close();
  return found;
}

/** Waits until the address has stayed the same for a moment (a closed window may lead somewhere). */
async function addressSettled(page: Page): Promise<void> {
  for (let last = page.url(), tries = 0; tries < 20; tries++) {
    await page.waitForTimeout(150);
    if (page.url() === last) return;
    last = page.url();
  }
}

async function check(page: Page, name: string, errors: string[], failed: string[], found: Record<string, string[]>, expected: RegExp[] = []): Promise<void> {
  // Settled: nothing loading, animations over.
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]') && document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity), undefined, { timeout: 10_000 }).catch(() => undefined);
  // Every map on screen has drawn its land (a map that stays water-blue is a bug a player sees).
  const mapsDrawn = await page
    .waitForFunction(() => [...document.querySelectorAll('.world-map')].every((map) => !map.checkVisibility() || map.hasAttribute('data-loaded')), undefined, { timeout: 15_000 })
    .then(() => true, () => false);
  const unexpected = (line: string) => !expected.some((pattern) => pattern.test(line));
  const problems = [
    ...errors.filter((line) => !/Failed to load resource/.test(line) || failed.some(unexpected)),
    ...failed.filter(unexpected).map((line) => `request failed: ${line}`),
    ...(mapsDrawn ? [] : ['a map on screen never finished drawing']),
    ...(await layoutProblems(page)),
    ...(await seriousViolations(page)).map((violation) => `axe ${violation.impact} ${violation.id}: ${violation.nodes.slice(0, 3).join(' | ')}`),
  ];
  if (problems.length > 0) found[name] = problems;
  // JPEG: a third of the time PNG takes to encode a full screen, and plenty to look at.
  if (problems.length > 0 || EVERY_SCREENSHOT) await page.screenshot({ path: join(SCREENSHOTS, `${name}.jpg`), type: 'jpeg', quality: 80 });
}

/** The journey on one device, as a guest and signed in (one test file per device, so the two run side by side). */
export function journeyOn(device: keyof typeof VIEWPORTS): void {
  beforeAll(setUp, 120_000);
  afterAll(() => e2e.close());

  describe(`a newcomer’s journey through every screen on a ${device}`, () => {
    it.each([
      ['a guest', false],
      ['signed in', true],
    ] as const)('as %s: no console error, failed request, sideways scroll, covered control or serious axe finding', async (_who, signedIn) => {
      const context = await e2e.browser.newContext(VIEWPORTS[device]);
      if (signedIn) {
        const player = await signedUpPlayer(e2e.t, `Newcomer ${device}`);
        const stored = { ...player.session, expiresAt: Date.now() + player.session.expiresIn * 1000, profileCreated: true };
        await context.addInitScript((session) => {
          if (localStorage.getItem('gt.session') === null) localStorage.setItem('gt.session', JSON.stringify(session));
          localStorage.setItem('gt.firstTime', 'false');
        }, stored);
      }
      const found = await visit(context, `${device}-${signedIn ? 'signed-in' : 'guest'}`, signedIn);
      await context.close();
      expect(found).toEqual({});
    }, 300_000);
  });
}

import type { ImageryStatus } from '@globetrail/contracts';
import type { BrowserContext, Route } from 'playwright-core';
import { GoogleStandIn } from '../../services/src/imagery/google/fixtures/google-stand-in.js';
import { watchErrors } from '../support/browser.js';
import { clickGuessMap, type E2E, soloView, startE2E } from '../support/e2e.js';

/**
 * A solo round on Google Street View in Chromium, with no network: the server searches a local stand-in
 * of Google's metadata API, and the page's request for Google's Maps JavaScript API is answered by a
 * stand-in script that implements the one class the client uses (StreetViewPanorama) and records how it
 * was called. What is checked is our side: Google's viewer gets the round's panorama with nothing that
 * names the place, the round is marked unranked, and a viewer that cannot load shows an error with a retry.
 */
const KEY = 'AIzaSyStandIn-0123456789_abcdefghijklmn';

const MAPS_API_STAND_IN = `(() => {
  const params = new URL(document.currentScript.src).searchParams;
  window.__mapsApiRequests = (window.__mapsApiRequests || []).concat([Object.fromEntries(params)]);
  class StreetViewPanorama {
    constructor(element, options) {
      this.handlers = [];
      window.__streetViews = (window.__streetViews || []).concat([options]);
      element.textContent = 'Street View stand-in: ' + options.pano;
      setTimeout(() => this.handlers.forEach((handler) => handler()), 20);
    }
    addListener(event, handler) {
      if (event === 'status_changed') this.handlers.push(handler);
      return { remove: () => { this.handlers = this.handlers.filter((h) => h !== handler); } };
    }
    getStatus() { return 'OK'; }
  }
  window.google = { maps: { StreetViewPanorama } };
  setTimeout(() => window[params.get('callback')](), 0);
})();`;

let google: GoogleStandIn;
let e2e: E2E;

beforeAll(async () => {
  google = await GoogleStandIn.start({ everywhere: true });
  e2e = await startE2E({ IMAGERY_PROVIDER: 'google', GOOGLE_MAPS_API_KEY: KEY, GOOGLE_MAPS_URL: google.base });
  const deadline = Date.now() + 10_000;
  while (((await e2e.t.http.get('/imagery/status').expect(200)).body as ImageryStatus).serving !== 'google') {
    if (Date.now() > deadline) throw new Error('the Google stand-in was never found up');
    await new Promise((resolve) => setImmediate(resolve));
  }
});
afterAll(async () => {
  await e2e.close();
  await google.close();
});

/** A browser context whose requests for Google's Maps JavaScript API `answer` decides. */
async function contextWithMapsApi(answer: (route: Route) => Promise<void>): Promise<BrowserContext> {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route('https://maps.googleapis.com/**', answer);
  return context;
}

const serveStandIn = (route: Route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: MAPS_API_STAND_IN });

describe('a round on Google Street View in Chromium', () => {
  it("is shown by Google's viewer with no address card, road names as the player's setting says, marked unranked, and its result says it is not ranked", async () => {
    const context = await contextWithMapsApi(serveStandIn);
    // A player who turned street names off (SPEC §3; on by default below level 3).
    await context.addInitScript(() => localStorage.setItem('gt.showStreetName', 'false'));
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(e2e.url);
    await page.getByRole('dialog', { name: 'GlobeTrail' }).waitFor();
    await page.getByRole('button', { name: 'Play' }).click();

    await page.locator('[data-testid="google-street-view"][data-state="ready"]').waitFor();
    expect(await page.getByTestId('panorama').count()).toBe(0);
    await expect(page.getByTestId('unranked-badge').textContent()).resolves.toBe('Unranked: Google Street View');

    const [round] = (await soloView(e2e, page)).rounds;
    const panoId = round!.streetView!.panoId;
    expect(await page.evaluate(() => (window as unknown as { __streetViews: unknown[] }).__streetViews)).toEqual([
      { pano: panoId, pov: { heading: 0, pitch: 0 }, addressControl: false, showRoadLabels: false, linksControl: true, fullscreenControl: false, motionTracking: false },
    ]);
    const [mapsApi] = await page.evaluate(() => (window as unknown as { __mapsApiRequests: Array<Record<string, string>> }).__mapsApiRequests);
    expect(mapsApi).toMatchObject({ key: KEY, language: 'en' });

    await clickGuessMap(page, { x: 0.5, y: 0.45 });
    await page.getByTestId('marker-guess').waitFor();
    await page.getByRole('button', { name: 'Guess' }).click();
    await expect(page.getByTestId('unranked-result').textContent()).resolves.toBe('Not ranked: this round was played on Google Street View.');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows an error with a retry, never a blank view, when Google\'s viewer cannot load, and plays once it can', async () => {
    let reachable = false;
    const context = await contextWithMapsApi((route) => (reachable ? serveStandIn(route) : route.abort('connectionfailed')));
    const page = await context.newPage();
    await page.goto(e2e.url);
    await page.getByRole('dialog', { name: 'GlobeTrail' }).waitFor();
    await page.getByRole('button', { name: 'Play' }).click();

    const viewer = page.getByTestId('google-street-view');
    await page.locator('[data-testid="google-street-view"][data-state="error"]').waitFor();
    await expect(viewer.getByRole('alert').textContent()).resolves.toContain('Google Street View could not be loaded.');
    reachable = true;
    await viewer.getByRole('button', { name: 'Try again' }).click();
    await page.locator('[data-testid="google-street-view"][data-state="ready"]').waitFor();
    await context.close();
  });
});

import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import type { ImageryStatus } from '@globetrail/contracts';
import { type E2E, openPage, placeGuessOnMap, soloView, startE2E } from '../support/e2e.js';
import { type StandIn, startStandIn } from '../support/imagery-stand-ins.js';

/** How long each picture search takes: a real provider answers in about this time, the stand-in at once. */
const SEARCH_MS = 700;

/**
 * The stand-in Panoramax behind a proxy that answers each picture search after SEARCH_MS, so a run takes
 * a few seconds (a handful of searches in flight at a time) and its progress can be watched.
 */
async function withSlowSearches(standIn: StandIn): Promise<{ base: string; close(): Promise<void> }> {
  const target = new URL(standIn.base);
  const server: Server = createServer((incoming, outgoing) => {
    const delay = incoming.url?.startsWith('/api/search') ? SEARCH_MS : 0;
    setTimeout(() => {
      const forwarded = httpRequest({ host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers: incoming.headers }, (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      });
      forwarded.on('error', () => outgoing.destroy());
      incoming.pipe(forwarded);
    }, delay);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function servingPanoramax(e2e: E2E): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const status = (await e2e.t.http.get('/imagery/status').expect(200)).body as ImageryStatus;
    if (status.serving === 'panoramax') return;
    if (Date.now() > deadline) throw new Error(`the app never served panoramax: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Records, inside the page, every value the progress's data-found takes as it is rendered (a
 * MutationObserver sees each one), so the test can tell a count that rose from one that only arrived.
 */
async function recordFoundCounts(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { foundCounts: number[] }).foundCounts = seen;
    const record = () => {
      const value = document.querySelector('[data-testid="generator-progress"]')?.getAttribute('data-found');
      if (value !== null && value !== undefined && seen.at(-1) !== Number(value)) seen.push(Number(value));
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-found'] });
    record();
  });
  return () => page.evaluate(() => (window as unknown as { foundCounts: number[] }).foundCounts);
}

describe('the generator page in Chromium', () => {
  let standIn: StandIn;
  let slow: { base: string; close(): Promise<void> };
  let e2e: E2E;
  beforeAll(async () => {
    standIn = await startStandIn('panoramax');
    slow = await withSlowSearches(standIn);
    e2e = await startE2E({ IMAGERY_PROVIDER: 'panoramax', PANORAMAX_URL: slow.base });
    await servingPanoramax(e2e);
  });
  afterAll(async () => {
    await e2e.close();
    await slow.close();
    await standIn.close();
  });

  it('finds 12 places in France while the count rises and dots appear, saves them as a map and plays it', async () => {
    const { page, context, errors } = await openPage(e2e, '/#/genarator/12/panoramax/FR');
    await page.locator('[data-testid="generator-page"][data-state="ready"]').waitFor();
    await page.getByRole('heading', { name: 'Map generator' }).waitFor();
    await page.locator('[data-testid="generator-map"][data-loaded]').waitFor();
    const foundCounts = await recordFoundCounts(page);

    await page.getByTestId('generator-start').click();
    const progress = page.getByTestId('generator-progress');
    await page.getByTestId('generator-stop').waitFor();
    await page.locator('[data-testid="generator-progress"][data-status="done"]').waitFor({ timeout: 60_000 });

    // The count rose in steps the page showed, from none to all 12: progress, not only the end state.
    const counts = await foundCounts();
    expect(counts[0]).toBe(0);
    expect(counts.at(-1)).toBe(12);
    expect(counts.filter((count) => count > 0 && count < 12).length).toBeGreaterThanOrEqual(2);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(Number(await progress.getAttribute('data-tried'))).toBeGreaterThanOrEqual(12);
    expect(await progress.innerText()).toContain('Found 12 of 12');
    expect(await page.getByRole('progressbar', { name: 'Locations found' }).getAttribute('aria-valuenow')).toBe('12');

    // Every found place is handed to the map, and the map draws dots for them.
    const map = page.getByTestId('generator-map');
    await page.locator('[data-testid="generator-map"][data-points="12"]').waitFor();
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="generator-map"]')?.getAttribute('data-drawn-points')) > 0);
    expect(Number(await map.getAttribute('data-drawn-points'))).toBeGreaterThan(0);

    await page.getByTestId('generator-name').fill('France (test)');
    await page.getByTestId('generator-save').click();
    const saved = page.getByTestId('generator-saved');
    await saved.waitFor();
    expect(await saved.innerText()).toContain('France (test)');
    const mapId = await saved.getAttribute('data-map-id');

    await page.getByTestId('generator-play').click();
    await page.waitForURL(/#\/game\//);
    await placeGuessOnMap(page);
    const game = await soloView(e2e, page);
    expect(game.mapId).toBe(mapId);
    expect(game.mapName).toBe('France (test)');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('names every unusable part of a bad address and links home, without crashing', async () => {
    const { page, context, errors } = await openPage(e2e, '/#/genarator/abc/foo/XX');
    await page.locator('[data-testid="generator-page"][data-state="invalid"]').waitFor();
    const problems = page.getByTestId('generator-params-error');
    expect(await problems.getAttribute('role')).toBe('alert');
    const text = await problems.innerText();
    expect(text).toContain('“abc” is not a number of locations');
    expect(text).toContain('“foo” is not an imagery provider');
    expect(text).toContain('“XX” is not a country code');
    await page.getByRole('link', { name: 'Back to the game' }).click();
    await page.waitForURL((url) => url.hash === '#/' || url.hash === '');
    expect(errors).toEqual([]);
    await context.close();
  });
});

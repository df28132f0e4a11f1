import type { Page } from 'playwright-core';
import { watchErrors } from '../support/browser.js';
import { type E2E, placeGuessOnMap, startE2E } from '../support/e2e.js';

/**
 * JavaScript the welcome screen may transfer (compressed bodies on the wire) before the player does
 * anything: Issue 19's goal, 150 KB; about 139 KB today (`npm run bench:first-load`). The Socket.IO
 * client, the English strings of the other screens and React Router's data router are not in it.
 */
const JS_BUDGET_BYTES = 150 * 1024;

/** The heavy viewers' chunks (vite.config.ts names them): the game screen's, never the welcome screen's. */
const MAPLIBRE = /\/assets\/maplibre[-.][^/]*$/;
const PANORAMA = /\/assets\/panorama-[^/]*$/;

interface Transfer {
  url: string;
  type: string;
  encoding: string | undefined;
  /** Bytes of the (compressed) body received, as Chromium counts them, headers left out. */
  bytes: number;
}

/** Every response the page finishes loading, with its size on the wire, from Chromium's own network log. */
async function recordTransfers(page: Page): Promise<Transfer[]> {
  const cdp = await page.context().newCDPSession(page);
  const pending = new Map<string, Omit<Transfer, 'bytes'> & { headerBytes: number }>();
  const transfers: Transfer[] = [];
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
    // What has arrived when the response starts is its status line and headers.
    pending.set(requestId, { url: response.url, type, encoding: headers['content-encoding'], headerBytes: response.encodedDataLength });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const response = pending.get(requestId);
    if (!response) return;
    const { headerBytes, ...transfer } = response;
    transfers.push({ ...transfer, bytes: encodedDataLength - headerBytes });
  });
  await cdp.send('Network.enable');
  return transfers;
}

const isScript = (transfer: Transfer) => transfer.type === 'Script' || /\.m?js$/.test(new URL(transfer.url).pathname);

describe('the first load', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e.close());

  it('sends the welcome screen a small, compressed first load and the map and panorama only once a game starts', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const transfers = await recordTransfers(page);
    await page.goto(e2e.url);

    await page.locator('.welcome__play:enabled').waitFor();
    await page.waitForLoadState('networkidle');
    const beforeInteraction = [...transfers];
    const scripts = beforeInteraction.filter(isScript);
    const scriptBytes = scripts.reduce((sum, transfer) => sum + transfer.bytes, 0);

    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => script.encoding !== 'br' && script.encoding !== 'gzip')).toEqual([]);
    expect(scriptBytes).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    expect(beforeInteraction.filter(({ url }) => MAPLIBRE.test(url) || PANORAMA.test(url)).map(({ url }) => url)).toEqual([]);

    await page.getByRole('button', { name: 'Play' }).click();
    await placeGuessOnMap(page);
    const heavy = transfers.filter(({ url }) => MAPLIBRE.test(url) || PANORAMA.test(url));
    expect(heavy.some(({ url, type }) => MAPLIBRE.test(url) && type === 'Script')).toBe(true);
    expect(heavy.some(({ url, type }) => PANORAMA.test(url) && type === 'Script')).toBe(true);
    expect(heavy.filter(isScript).every(({ encoding }) => encoding === 'br')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { ImageryStatus, LatLng, SoloGameView } from '@globetrail/contracts';
import { LocalImageStore } from '../../services/src/imagery/local/local-image-store.js';
import { type E2E, isBuildAsset, openPage, placeGuessOnMap, resultFigures, soloView, startE2E } from '../support/e2e.js';
import { leakyJpeg, type StandIn, startStandIn } from '../support/imagery-stand-ins.js';
import { seededDataDir } from '../support/test-app.js';

/**
 * The answer-blind promise, checked on the wire: every response the browser receives before its guess
 * leaves (JSON, scripts, and the picture's own bytes) is captured, and none may carry the round's target
 * (3 decimals of latitude or longitude, so either order and any separator) or the provider's picture id.
 * Every request must go to our own server: the client never calls the provider.
 */
interface Capture {
  bodies: Array<{ url: string; body: Buffer }>;
  requests: string[];
}

function capture(page: Page): Capture {
  const captured: Capture = { bodies: [], requests: [] };
  let guessSent = false;
  page.on('request', (request) => {
    captured.requests.push(request.url());
    if (/\/solo\/[^/]+\/guess$/.test(request.url())) guessSent = true;
  });
  page.on('response', (response) => {
    if (guessSent) return;
    void response.body().then((body) => captured.bodies.push({ url: response.url(), body }), () => undefined);
  });
  return captured;
}

/** Plays a round from the welcome dialog; `beforeGuess` runs once the round's picture is shown. */
async function playOneRound(e2e: E2E, page: Page, beforeGuess?: () => Promise<void>): Promise<SoloGameView['rounds'][number]> {
  await page.getByRole('dialog', { name: 'GlobeTrail' }).waitFor();
  await page.getByRole('button', { name: 'Play' }).click();
  if (beforeGuess) {
    await page.locator('[data-testid="panorama"][data-state="ready"]').waitFor({ timeout: 30_000 });
    await beforeGuess();
  }
  await placeGuessOnMap(page);
  await page.getByRole('button', { name: 'Guess' }).click();
  await resultFigures(page);
  return (await soloView(e2e, page)).rounds[0]!;
}

function assertBlind(captured: Capture, appUrl: string, target: LatLng, secrets: string[]): void {
  // A coordinate is a leak as a number of its own: 4.629 is one in `"lat":4.629`, not in a heading of 274.629.
  const coordinates = [target.lat.toFixed(3), target.lng.toFixed(3)].map((text) => new RegExp(`(?<![0-9])${text.replace('.', '\\.')}`));
  // Pictures, not the JSON of their moves (`/pano/{token}/moves`).
  const pictures = captured.bodies.filter(({ url }) => /\/pano\/[^/]+$/.test(url));
  expect(pictures.length).toBeGreaterThan(0);
  expect(pictures.every(({ body }) => body[0] === 0xff && body[1] === 0xd8)).toBe(true);
  for (const { url, body } of captured.bodies) {
    if (isBuildAsset(url)) continue;
    const text = body.toString('latin1');
    const leaks = [...coordinates.filter((pattern) => pattern.test(text)).map(String), ...secrets.filter((secret) => text.includes(secret))];
    expect({ url, leaks }).toEqual({ url, leaks: [] });
  }
  const origin = new URL(appUrl).origin;
  expect(captured.requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([]);
}

async function servingOnline(e2e: E2E, provider: 'panoramax' | 'mapillary'): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const status = (await e2e.t.http.get('/imagery/status').expect(200)).body as ImageryStatus;
    if (status.serving === provider) return;
    if (Date.now() > deadline) throw new Error(`the app never served ${provider}: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each([
  ['panoramax', (base: string) => ({ IMAGERY_PROVIDER: 'panoramax', PANORAMAX_URL: base })],
  ['mapillary', (base: string) => ({ IMAGERY_PROVIDER: 'mapillary', MAPILLARY_URL: base, MAPILLARY_TOKEN: 'MLY|4242|stand-in-token' })],
] as const)('a round on %s pictures in Chromium', (provider, env) => {
  let standIn: StandIn;
  let e2e: E2E;
  beforeAll(async () => {
    standIn = await startStandIn(provider);
    e2e = await startE2E(env(standIn.base));
    await servingOnline(e2e, provider);
  });
  afterAll(async () => {
    await e2e.close();
    await standIn.close();
  });

  it("shows the provider's picture, whose true position is the target, and the browser learns neither before the result", async () => {
    const { page, context, errors } = await openPage(e2e);
    const captured = capture(page);
    const round = await playOneRound(e2e, page);
    const target = round.result!.target;

    // The round showed a picture the provider handed out, and scores against where it was taken.
    const shown = [...standIn.pictures].find(([, at]) => at.lat === target.lat && at.lng === target.lng);
    expect(shown).toBeDefined();
    const [pictureId] = shown!;
    // The picture the browser got was downloaded from the provider (with its position in its metadata)…
    expect(standIn.requests.some((path) => path.includes(pictureId) && /\.jpg$/.test(path))).toBe(true);
    // …and reached the browser without it.
    assertBlind(captured, e2e.url, target, [pictureId]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves along the sequence (an arrow, the W key, Back to start), and the browser still learns neither the target nor where it moved', async () => {
    const { page, context, errors } = await openPage(e2e);
    const captured = capture(page);
    const pictureRequests = () => captured.requests.filter((url) => /\/pano\/[^/]+$/.test(url)).map((url) => url.slice(url.lastIndexOf('/') + 1));
    const panorama = page.locator('[data-testid="panorama"]');
    const settled = (atStart: boolean) => page.locator(`[data-testid="panorama"][data-state="ready"][data-moving="false"][data-at-start="${atStart}"]`).waitFor({ timeout: 30_000 });
    const arrows = page.getByRole('button', { name: /^Move towards \d+°$/ });
    const bearingsShown = async () => (await arrows.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')!))).map((label) => Number(/\d+/.exec(label)![0]));

    const round = await playOneRound(e2e, page, async () => {
      // The round's picture (facing east) has two ways on: ahead-left up the street (north-east) and behind.
      // Arrows are labelled in the round's turned pictures, as its start heading is: the way up the street is
      // 45° left of where the player starts.
      await page.waitForFunction(() => document.querySelectorAll('.panorama__arrow').length === 2, undefined, { timeout: 30_000 });
      const { heading } = (await soloView(e2e, page)).rounds[0]!;
      const fromStart = (bearing: number) => (bearing - heading + 360) % 360;
      const bearings = (await bearingsShown()).sort((a, b) => fromStart(a) - fromStart(b));
      expect(bearings).toEqual([expect.any(Number), expect.any(Number)]);
      expect(fromStart(bearings[0]!)).toBeGreaterThan(90);
      expect(fromStart(bearings[0]!)).toBeLessThan(180);
      expect(fromStart(bearings[1]!)).toBeGreaterThan(270);
      expect(Math.abs(((bearings[1]! - bearings[0]! + 540) % 360) - 180)).toBeGreaterThanOrEqual(179);
      const upTheStreet = bearings[1]!;
      const [roundToken] = pictureRequests();

      // Forward once: Panoramax by clicking the arrow up the street, Mapillary by the key.
      if (provider === 'panoramax') await page.getByRole('button', { name: `Move towards ${upTheStreet}°` }).click();
      else {
        await page.getByRole('application').focus();
        await page.keyboard.press('w');
      }
      await settled(false);
      const moved = pictureRequests().filter((token) => token !== roundToken);
      expect(moved.length).toBeGreaterThan(0);
      // Further along, the street goes on one way and back the other.
      await page.waitForFunction(() => document.querySelectorAll('.panorama__arrow').length === 2, undefined, { timeout: 30_000 });

      await panorama.getByRole('button', { name: 'Back to start' }).click();
      await settled(true);
      await expect(panorama.getByRole('button', { name: 'Back to start' }).count()).resolves.toBe(0);
    });

    const target = round.result!.target;
    const [shown] = [...standIn.pictures].find(([, at]) => at.lat === target.lat && at.lng === target.lng)!;
    const sequence = standIn.sequenceOf(shown);
    const ahead = sequence[sequence.indexOf(shown) + 1]!;
    // The browser showed the next picture along the street: the server downloaded it from the provider…
    expect(standIn.requests.some((path) => path.includes(ahead) && /\.jpg$/.test(path))).toBe(true);
    // …and the moves and that picture reached the browser as tokens, bearings and stripped bytes only.
    expect(captured.bodies.some(({ url }) => url.endsWith('/moves'))).toBe(true);
    expect(new Set(captured.bodies.filter(({ url }) => /\/pano\/[^/]+$/.test(url)).map(({ url }) => url)).size).toBeGreaterThanOrEqual(2);
    const positions = sequence.flatMap((id) => [standIn.pictures.get(id)!.lat.toFixed(3), standIn.pictures.get(id)!.lng.toFixed(3)]);
    assertBlind(captured, e2e.url, target, [...sequence, ...positions]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a round whose picture the provider cannot deliver, in Chromium', () => {
  let standIn: StandIn;
  let e2e: E2E;
  beforeAll(async () => {
    standIn = await startStandIn('panoramax');
    e2e = await startE2E({ IMAGERY_PROVIDER: 'panoramax', PANORAMAX_URL: standIn.base });
    await servingOnline(e2e, 'panoramax');
  });
  afterAll(async () => {
    await e2e.close();
    await standIn.close();
  });

  it('says so in place of the panorama and offers to try again, which shows it once the provider is back', async () => {
    standIn.failImages(true);
    const { page, context } = await openPage(e2e);
    await page.getByRole('dialog', { name: 'GlobeTrail' }).waitFor();
    await page.getByRole('button', { name: 'Play' }).click();
    // The server retries the download (200 ms doubling, 5 times) before it answers 503.
    const panorama = page.locator('[data-testid="panorama"][data-state="error"]');
    await panorama.waitFor({ timeout: 30_000 });
    await expect(panorama.getByRole('alert').textContent()).resolves.toContain('The picture for this round could not be loaded');
    standIn.failImages(false);
    await panorama.getByRole('button', { name: 'Try again' }).click();
    await page.locator('[data-testid="panorama"][data-state="ready"]').waitFor({ timeout: 30_000 });
    await context.close();
  });
});

describe('a round on a map author\'s own picture in Chromium', () => {
  let e2e: E2E;
  const place = { lat: -33.8568, lng: 151.2153 };
  beforeAll(async () => {
    // The local store before the server opens it: one picture, carrying its position and id in EXIF/XMP.
    const dataDir = await seededDataDir('globetrail-local-imagery-');
    const store = new LocalImageStore(join(dataDir, 'imagery'));
    store.add({ imageId: 'harbour-bridge-0042', location: place, heading: 30, jpeg: await leakyJpeg(place, 'harbour-bridge-0042') });
    await store.close();
    e2e = await startE2E({}, dataDir);
  });
  afterAll(() => e2e.close());

  it('serves it stripped: neither its position nor its id reach the browser before the result', async () => {
    const { page, context, errors } = await openPage(e2e);
    const captured = capture(page);
    const round = await playOneRound(e2e, page);
    expect(round.result!.target).toEqual(place);
    assertBlind(captured, e2e.url, place, ['harbour-bridge-0042']);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a round with no network at all in Chromium', () => {
  let e2e: E2E;
  beforeAll(async () => {
    // The default configuration (auto: Panoramax), with the provider unreachable (nothing listens on port 9).
    e2e = await startE2E({ IMAGERY_PROVIDER: 'auto', PANORAMAX_URL: 'http://127.0.0.1:9' });
    const deadline = Date.now() + 15_000;
    while (((await e2e.t.http.get('/imagery/status').expect(200)).body as ImageryStatus).status !== 'down') {
      if (Date.now() > deadline) throw new Error('the unreachable provider was never found down');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(() => e2e.close());

  it('plays a full round on the offline pictures, answer-blind, with every request outside the app blocked', async () => {
    const { page, context, errors } = await openPage(e2e, '/', { width: 1280, height: 800 });
    const blocked: string[] = [];
    const origin = new URL(e2e.url).origin;
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
      blocked.push(url);
      return route.abort('internetdisconnected');
    });
    await page.reload();
    const captured = capture(page);
    const round = await playOneRound(e2e, page);
    const status = (await e2e.t.http.get('/imagery/status').expect(200)).body as ImageryStatus;
    expect(status).toEqual({ online: 'panoramax', status: 'down', serving: 'offline' });
    assertBlind(captured, e2e.url, round.result!.target, []);
    expect(blocked).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

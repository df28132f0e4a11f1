import { displayDistance, greatCircleDistance, scoreForDistance } from '@globetrail/contracts';
import { type E2E, isBuildAsset, openPage, placeGuessOnMap, resultFigures, soloView, startE2E } from '../support/e2e.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e.close());

describe('a new visitor in Chromium', () => {
  it('plays a full round by clicking the map and sees the points and distance the server scored', async () => {
    const { page, context, errors } = await openPage(e2e);
    const textBodies: Array<{ url: string; body: string }> = [];
    // Everything received before the guess leaves the browser; the guess's own answer is the result.
    let guessSent = false;
    // Ads are off unless the operator switches them on: no ad request, no slot.
    const adRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/solo\/[^/]+\/guess$/.test(request.url())) guessSent = true;
      const url = new URL(request.url());
      if (/^https?:$/.test(url.protocol) && (url.pathname.startsWith('/ads/') || url.origin !== new URL(e2e.url).origin)) adRequests.push(request.url());
    });
    page.on('response', (response) => {
      if (guessSent) return;
      const type = response.headers()['content-type'] ?? '';
      if (isBuildAsset(response.url())) return;
      if (/json|text|javascript/.test(type)) void response.text().then((body) => textBodies.push({ url: response.url(), body }), () => undefined);
    });

    await page.getByRole('dialog', { name: 'GlobeTrail' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'GlobeTrail' }).getByText('No ads and no trackers.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Play' }).click();
    await placeGuessOnMap(page);
    await page.getByRole('button', { name: 'Guess' }).click();

    const shown = await resultFigures(page);
    const [round] = (await soloView(e2e, page)).rounds;
    const result = round!.result!;
    expect(shown.points).toBe(result.points);
    expect(result.points).toBe(scoreForDistance(greatCircleDistance(result.guess!, result.target)));
    const { value, unit } = displayDistance(result.distanceMeters!, false);
    expect(shown.distance).toBe(`${value.toLocaleString('en')} ${unit}`);

    // Answer-blind: nothing the browser received before the result carried the target.
    const needles = [result.target.lat.toFixed(3), result.target.lng.toFixed(3)];
    expect(textBodies.some(({ url }) => url.includes('/solo'))).toBe(true);
    for (const { url, body } of textBodies) for (const needle of needles) expect({ url, leaked: body.includes(needle) }).toEqual({ url, leaked: false });

    expect(await page.getByTestId('ad-slot').count()).toBe(0);
    await page.getByRole('button', { name: 'Next round' }).click();
    await page.locator('[data-testid="game-screen"][data-phase="guessing"][data-round="1"]').waitFor();
    expect(adRequests).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('plays single-player rounds under the settings chosen in Settings: NMPZ and 30 seconds a round', async () => {
    const { page, context, errors } = await openPage(e2e);
    await page.getByRole('dialog', { name: 'GlobeTrail' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    const rules = settings.getByTestId('solo-rules');
    await rules.getByTestId('movement-none').check();
    await rules.getByTestId('round-time').selectOption('30');
    await settings.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Maps' }).click();
    await page.getByRole('dialog', { name: 'Maps' }).locator('[data-map-id="world"]').getByRole('button', { name: /^Play/ }).click();
    await page.waitForURL(/#\/game\//);
    await page.getByTestId('solo-rules-note').getByText('NMPZ · 0:30 a round').waitFor();
    await page.getByTestId('round-countdown').waitFor();
    const view = await soloView(e2e, page);
    expect(view.settings).toMatchObject({ nmpz: true, nm: false, rl: 30 });
    expect(view.rounds[0]).toMatchObject({ movement: 'none' });
    await placeGuessOnMap(page);
    expect(await page.getByTestId('panorama').getAttribute('data-movement')).toBe('none');
    await page.getByRole('button', { name: 'Guess', exact: true }).click();
    await resultFigures(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches the interface language with a /{language} path', async () => {
    const { page, context } = await openPage(e2e, '/fr');
    await page.getByRole('button', { name: 'Jouer' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await context.close();
  });
});

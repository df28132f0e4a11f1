import type { Locator } from 'playwright-core';
import { type E2E, openPage, placeGuessOnMap, resultFigures, startE2E } from '../support/e2e.js';
import { houseAdsFile } from '../support/house-ads.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ ADS_HOUSE_FILE: houseAdsFile() });
});
afterAll(() => e2e.close());

describe('house ads switched on by the operator', () => {
  it('shows a labelled ad on the home view and at a round’s result, and none while a round is played', async () => {
    const { page, context, errors } = await openPage(e2e);
    const welcome = page.getByRole('dialog', { name: 'GlobeTrail' });
    await welcome.waitFor();
    const homeAd = welcome.getByRole('complementary', { name: 'Advertisement' });
    await expectShown(homeAd, 'The Spring Cup: 64 players, one map');
    await expectSponsoredLink(homeAd, 'https://example.org/cup');
    // The welcome's promise of no ads holds only while ads are off.
    expect(await welcome.getByText('No ads and no trackers.').count()).toBe(0);

    await welcome.getByRole('button', { name: 'Play', exact: true }).click();
    await page.locator('[data-testid="game-screen"][data-phase="guessing"][data-round="0"]').waitFor();
    await page.locator('[data-testid="panorama"][data-state="ready"]').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('ad-slot').count()).toBe(0);

    await placeGuessOnMap(page);
    await page.getByRole('button', { name: 'Guess' }).click();
    await resultFigures(page);
    // The next ad in turn, in the result card: not on the map, not on the panorama.
    const resultAd = page.getByTestId('ad-slot');
    await expectShown(resultAd, 'The map club meets on Fridays');
    expect(await resultAd.evaluate((slot) => slot.closest('.world-map, [data-testid="panorama"]') === null)).toBe(true);

    await page.getByRole('button', { name: 'Next round' }).click();
    await page.locator('[data-testid="game-screen"][data-phase="guessing"][data-round="1"]').waitFor();
    expect(await page.getByTestId('ad-slot').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The slot carries the "Ad" tag and a picture that loaded, named by its alternative text. */
async function expectShown(slot: Locator, alt: string): Promise<void> {
  await slot.waitFor();
  expect(await slot.getByText('Ad', { exact: true }).isVisible()).toBe(true);
  const picture = slot.getByRole('img', { name: alt });
  await picture.scrollIntoViewIfNeeded();
  const loaded = await picture.evaluate(
    (image: HTMLImageElement) =>
      new Promise<boolean>((resolve) => {
        if (image.complete) return resolve(image.naturalWidth > 0);
        image.addEventListener('load', () => resolve(image.naturalWidth > 0), { once: true });
        image.addEventListener('error', () => resolve(false), { once: true });
      }),
  );
  expect(loaded).toBe(true);
}

async function expectSponsoredLink(slot: Locator, href: string): Promise<void> {
  const link = slot.getByRole('link');
  expect(await link.getAttribute('href')).toBe(href);
  expect(await link.getAttribute('rel')).toContain('sponsored');
  expect(await link.getAttribute('target')).toBe('_blank');
}

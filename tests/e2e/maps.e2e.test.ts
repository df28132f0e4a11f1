import type { MapEntry } from '@globetrail/contracts';
import { type E2E, openPage, openSignedIn, placeGuessOnMap, soloView, startE2E } from '../support/e2e.js';
import { signedUpPlayer } from '../support/test-app.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e.close());

const cardNames = (window: import('playwright-core').Locator) => window.getByTestId('map-card').locator('.map-card__name').allInnerTexts();

describe('maps in Chromium', () => {
  it('lets a visitor browse the world and featured maps, page through them and search', async () => {
    const { page, context, errors } = await openPage(e2e);
    await page.getByRole('dialog', { name: 'GlobeTrail' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Maps' }).click();
    const maps = page.getByRole('dialog', { name: 'Maps' });

    // World: the four world-wide preset maps, World with its 135,000-odd places.
    await maps.getByTestId('map-card').first().waitFor();
    expect((await cardNames(maps)).sort()).toEqual(['An Arbitrary Rural World', 'An Arbitrary World', 'Balanced World', 'World']);
    const world = maps.locator('[data-map-id="world"]');
    expect(await world.innerText()).toMatch(/1\d\d,\d{3} locations/);
    // Offline in tests: the window says what an offline round shows.
    await maps.getByTestId('maps-offline-note').waitFor();

    // Featured: country maps by name, a page at a time; the arrow keys move between tabs.
    await maps.getByRole('tab', { name: 'World' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await maps.getByRole('tab', { name: 'Featured' }).getAttribute('aria-selected')).toBe('true');
    await maps.getByText(/\d+ maps/).waitFor();
    const first = await cardNames(maps);
    expect(first).toHaveLength(12);
    expect([...first].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(first);
    await maps.getByRole('button', { name: 'Next' }).click();
    await maps.getByText('Page 2 of').waitFor();
    await maps.locator(`.map-card__name:text-is("${first[0]}")`).waitFor({ state: 'detached' });
    expect((await cardNames(maps))[0]!.localeCompare(first.at(-1)!, 'en')).toBeGreaterThan(0);

    // Search: a word's beginning finds the map.
    await maps.getByRole('tab', { name: 'Search' }).click();
    await maps.getByText('Type at least two letters to search.').waitFor();
    await maps.getByLabel('Search maps').fill('fran');
    await maps.locator('[data-map-id="country-fr"]').waitFor();
    expect(await cardNames(maps)).toContain('France');

    // Liked and own maps are for signed-in players.
    await maps.getByRole('tab', { name: 'Liked' }).click();
    await maps.getByText('Sign in to like maps and find them here.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lets a signed-in player like a map, find it among their liked maps, open its page and play it", async () => {
    const player = await signedUpPlayer(e2e.t, 'Cartographer');
    const france = (await e2e.t.http.get('/maps/get/anon/country-fr').expect(200)).body as MapEntry;
    const { page, context, errors } = await openSignedIn(e2e, player, '/#/map/country-fr');

    const mapPage = page.getByTestId('map-page');
    await mapPage.getByRole('heading', { name: 'France' }).waitFor();
    expect(await mapPage.getByTestId('map-page-locations').innerText()).toBe(france.loc.toLocaleString('en'));
    await page.locator('[data-testid="map-extent"][data-loaded]').waitFor();
    expect(await page.title()).toContain('France');

    const liked = page.waitForResponse((response) => response.url().endsWith('/maps/togglelike') && response.ok());
    await mapPage.getByRole('button', { name: 'Like France' }).click();
    await liked;
    const unlike = mapPage.getByRole('button', { name: 'Unlike France' });
    expect(await unlike.getAttribute('aria-pressed')).toBe('true');
    expect(await unlike.getByTestId('map-likes').innerText()).toBe('1');
    expect(((await e2e.t.http.get('/maps/get/anon/country-fr').expect(200)).body as MapEntry).likes).toBe(1);

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Maps' }).click();
    const maps = page.getByRole('dialog', { name: 'Maps' });
    await maps.getByRole('tab', { name: 'Liked' }).click();
    await maps.locator('[data-map-id="country-fr"]').waitFor();
    expect(await cardNames(maps)).toEqual(['France']);
    await page.keyboard.press('Escape');
    await maps.waitFor({ state: 'hidden' });

    await mapPage.getByRole('button', { name: 'Play', exact: true }).click();
    await page.waitForURL(/#\/game\//);
    await page.locator('[data-testid="game-screen"][data-phase="guessing"]').waitFor();
    await page.locator('.psv-container').first().waitFor();
    expect((await soloView(e2e, page)).mapName).toBe('France');
    // The guess map opens on the map's own box, not the world: a click in its middle lands in it.
    await page.locator('[data-testid="panorama"][data-state="ready"]').waitFor({ timeout: 30_000 });
    await page.locator('[data-testid="guess-map"] .world-map[data-loaded]').waitFor();
    await placeGuessOnMap(page, { x: 0.5, y: 0.5 });
    await page.getByRole('button', { name: 'Guess', exact: true }).click();
    await page.getByTestId('round-result').waitFor();
    const guessed = (await soloView(e2e, page)).rounds[0]!.result!.guess!;
    const box = france.bounds!;
    expect({ inLat: guessed.lat > box.south && guessed.lat < box.north, inLng: guessed.lng > box.west && guessed.lng < box.east }).toEqual({ inLat: true, inLng: true });
    // France is now this browser's default map (SPEC §3).
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('gt.defaultMap') ?? 'null'))).toEqual({ mapId: 'country-fr', mapName: 'France' });
    expect(errors).toEqual([]);
    await context.close();
  });
});

import type { SoloGameView } from '@globetrail/contracts';
import { type E2E, openPage, soloView, startE2E } from '../support/e2e.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e.close());

/** SPEC §2's loc/{lat},{lng}: a shared place is loaded as the next round (the game's own address, game/{id}, then replaces the link). */
describe('a shared location link', () => {
  it('plays the shared place itself (Arles, one of the offline pictures) and the address becomes the game’s', async () => {
    const { page, context, errors } = await openPage(e2e, '/#/loc/43.6766,4.6278');
    await page.locator('[data-testid="panorama"][data-state="ready"]').waitFor({ timeout: 30_000 });
    await page.waitForURL(/#\/game\/[0-9a-f-]{36}$/, { timeout: 10_000 });
    const view: SoloGameView = await soloView(e2e, page);
    expect(view.rounds).toHaveLength(1);
    // The target stays hidden until the guess; the game's own read says it is the shared place's round.
    expect(view.rounds[0]!.shared).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('says why a place with no picture near it cannot be played, keeps saying it, and offers a game', async () => {
    const { page, context, errors } = await openPage(e2e, '/#/loc/48.8584,2.2945');
    const unavailable = page.getByTestId('shared-unavailable');
    await unavailable.getByRole('heading', { name: 'This place cannot be played here' }).waitFor({ timeout: 30_000 });
    await unavailable.getByText(/within 25 km of 48\.8584, 2\.2945/).waitFor();
    // Past the 5 seconds after which the address would return home, the explanation is still there.
    await page.waitForTimeout(6_000);
    expect(await unavailable.isVisible()).toBe(true);
    expect(page.url()).toMatch(/#\/loc\//);

    await unavailable.getByRole('button', { name: 'Play a game instead' }).click();
    await page.locator('[data-testid="panorama"][data-state="ready"]').waitFor({ timeout: 30_000 });
    expect((await soloView(e2e, page)).rounds[0]!.shared).not.toBe(true);
    // The one refusal the page was told about (404 no_imagery on `at`) is the only failed request.
    expect(errors).toEqual([`console: Failed to load resource: the server responded with a status of 404 (Not Found) (${e2e.url}/solo)`]);
    await context.close();
  }, 60_000);
});

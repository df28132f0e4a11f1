import { type E2E, openPage, placeGuessOnMap, resultFigures, startE2E } from '../support/e2e.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e.close());

describe('a guess the server refuses', () => {
  it('shows the error and lets the player guess again, without crashing', async () => {
    const { page, context, errors } = await openPage(e2e);
    await page.getByRole('button', { name: 'Play' }).click();
    await placeGuessOnMap(page);

    // Tamper with the request on the wire: the server must refuse it and the page must say so.
    await page.route('**/solo/*/guess', (route) => route.continue({ postData: JSON.stringify({ roundIndex: 0, guess: { lat: 123, lng: 0 } }) }));
    const refused = page.waitForResponse((response) => response.url().endsWith('/guess'));
    await page.getByRole('button', { name: 'Guess' }).click();
    expect((await refused).status()).toBe(400);
    const alert = page.getByRole('alert').filter({ hasText: /lat/i });
    await alert.waitFor();
    expect(await page.locator('[data-testid="game-screen"]').getAttribute('data-phase')).toBe('guessing');

    await page.unroute('**/solo/*/guess');
    await page.getByRole('button', { name: 'Guess' }).click();
    const { points } = await resultFigures(page);
    expect(points).toBeGreaterThanOrEqual(0);
    expect(errors.filter((error) => !error.includes('400'))).toEqual([]);
    await context.close();
  });
});

import { type E2E, openPage, placeGuessOnMap, startE2E } from '../support/e2e.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e.close());

describe('resuming a single-player game', () => {
  it.each([
    ['a laptop', { width: 1366, height: 768 }],
    ['a phone', { width: 390, height: 844 }],
  ])('after a reload and from the home page on %s: the round result comes back, and no live game is asked for', async (_device, viewport) => {
    const { page, context, errors } = await openPage(e2e, '/', viewport);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.getByRole('dialog', { name: 'GlobeTrail' }).waitFor();
    await page.getByRole('button', { name: 'Play' }).click();
    await page.locator('[data-testid="panorama"][data-state="ready"]').waitFor({ timeout: 30_000 });
    if (viewport.width < 600) {
      await page.getByRole('button', { name: 'Map', exact: true }).click();
      await page.waitForFunction(() => {
        const sheet = document.querySelector('.guess-sheet--open');
        return sheet !== null && sheet.getAnimations({ subtree: true }).length === 0;
      });
    }
    await placeGuessOnMap(page);
    await page.getByRole('button', { name: 'Guess' }).click();
    const points = await page.getByTestId('round-result').getByTestId('result-points').innerText();

    await page.reload();
    await page.getByTestId('round-result').getByTestId('result-points').getByText(points, { exact: true }).waitFor({ timeout: 30_000 });
    await page.goto(`${page.url().split('#')[0]}#/`);
    await page.getByTestId('round-result').getByTestId('result-points').getByText(points, { exact: true }).waitFor({ timeout: 30_000 });
    expect(asked.filter((path) => path.startsWith('/games/'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});

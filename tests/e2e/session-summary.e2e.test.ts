import { type E2E, gameIdOf, openPage, placeGuessOnMap, soloView, startE2E } from '../support/e2e.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e.close());

describe('single player, which has no last round', () => {
  it('says so, and sums up the session whenever the player asks: figures, every round, a map of them; then plays on or starts afresh', async () => {
    const { page, context, errors } = await openPage(e2e);
    await page.getByRole('dialog', { name: 'GlobeTrail' }).waitFor();
    await page.getByRole('button', { name: 'Play' }).click();
    // Before any result there is nothing to sum up: the total is not a button yet.
    await page.locator('[data-testid="panorama"][data-state="ready"]').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('game-summary').count()).toBe(0);

    for (const round of [0, 1]) {
      await page.locator(`[data-testid="game-screen"][data-phase="guessing"][data-round="${round}"]`).waitFor();
      await placeGuessOnMap(page, { x: 0.3 + round * 0.3, y: 0.4 });
      await page.getByRole('button', { name: 'Guess', exact: true }).click();
      await page.getByTestId('round-result').waitFor();
      await page.getByText('Rounds keep coming until you stop.').waitFor();
      if (round === 0) await page.getByRole('button', { name: 'Next round' }).click();
    }
    const rounds = (await soloView(e2e, page)).rounds.map((round) => round.result!);

    // Asked from the result: both rounds, their points added up, on a map that drew its land.
    await page.getByTestId('result-summary').click();
    const summary = page.getByRole('dialog', { name: 'Your session' });
    await summary.getByText(/Single player has no last round/).waitFor();
    expect(await summary.getByTestId('summary-rounds').innerText()).toBe('2');
    expect(await summary.getByTestId('summary-points').innerText()).toBe((rounds[0]!.points + rounds[1]!.points).toLocaleString('en'));
    const rows = summary.getByTestId('summary-table').locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(1).locator('td').last().innerText()).toBe(rounds[1]!.points.toLocaleString('en'));
    const map = summary.getByTestId('summary-map');
    await map.locator('.world-map[data-loaded]').waitFor();
    expect(await map.getByTestId('marker-guess').count()).toBe(2);
    expect(await map.getByTestId('marker-target').count()).toBe(2);

    // Keep playing: the window closes and the game goes on from where it was.
    await summary.getByRole('button', { name: 'Keep playing' }).click();
    await summary.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Next round' }).click();
    await page.locator('[data-testid="game-screen"][data-phase="guessing"][data-round="2"]').waitFor();

    // During a round, the total in the header opens it too (on a phone as well); a new game starts a new session.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.getByTestId('game-summary').isVisible()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    const before = gameIdOf(page);
    await page.getByTestId('game-summary').click();
    await summary.getByTestId('summary-new-game').click();
    await summary.waitFor({ state: 'hidden' });
    await page.waitForFunction((id) => /^#\/game\//.test(location.hash) && !location.hash.includes(id), before);
    await page.locator('[data-testid="game-screen"][data-phase="guessing"][data-round="0"]').waitFor();
    expect(await page.getByTestId('total-points').innerText()).toBe('0');
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});

import { greatCircleDistance, type PlaceGuessResponse, pointsForLevel, scoreForDistance, type StartSoloGameResponse, type UserProfileView } from '@globetrail/contracts';
import { type E2E, clickGuessMap, openSignedIn, startE2E } from '../support/e2e.js';
import { playRounds, submissionFor, submitScore } from '../support/play.js';
import { signedUpPlayer } from '../support/test-app.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e.close());

/** Two of the sample places (services/src/imagery/sample/places): a shared location plays the picture taken there. */
const CAPE_COAST = { lat: 5.1053, lng: -1.2466 };
const ARLES = { lat: 43.6766, lng: 4.6278 };

describe('levels in Chromium', () => {
  it('a round that crosses into the next level shows the new-level message, and the new level and tier', async () => {
    const player = await signedUpPlayer(e2e.t, 'Climber');
    const t = e2e.t;
    // One point short of level 1: a round at Cape Coast whose guess lies just so far north of it.
    const game = (await t.http.post('/solo').set('Authorization', player.token).send({ at: CAPE_COAST }).expect(201)).body as StartSoloGameResponse;
    const goal = pointsForLevel(1) - 1;
    let [low, high] = [0, 5];
    for (let i = 0; i < 60; i++) {
      const middle = (low + high) / 2;
      if (scoreForDistance(greatCircleDistance(CAPE_COAST, { lat: CAPE_COAST.lat + middle, lng: CAPE_COAST.lng }), game.maxMapDistance) > goal) low = middle;
      else high = middle;
    }
    const guess = { lat: CAPE_COAST.lat + high, lng: CAPE_COAST.lng };
    const { result } = (await t.http.post(`/solo/${game.gameId}/guess`).set('Authorization', player.token).send({ roundIndex: 0, guess }).expect(200)).body as PlaceGuessResponse;
    expect(result.points).toBe(goal);
    await t.http.post('/score/submit').set('Authorization', player.token).send(submissionFor({ gameId: game.gameId, mapId: game.mapId, result })).expect(200);
    expect(((await t.http.get('/user/profile').set('Authorization', player.token).expect(200)).body as UserProfileView).level).toBe(0);

    // In the browser: a round at Arles; any guess short of the antipodes scores the point that is missing.
    const { page, context, errors } = await openSignedIn(e2e, player, `/#/loc/${ARLES.lat},${ARLES.lng}`);
    await page.locator('[data-testid="panorama"][data-state="ready"]').waitFor({ timeout: 30_000 });
    await clickGuessMap(page, { x: 0.5, y: 0.45 });
    await page.getByRole('button', { name: 'Guess', exact: true }).click();
    await page.getByTestId('round-result').waitFor();
    await page.getByText('New level! You reached level 1.').waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Account' }).click();
    const account = page.getByRole('dialog', { name: 'Account' });
    await account.getByTestId('tier-badge').waitFor();
    await account.getByTestId('player-stats').getByTestId('stats-rounds').getByText('2', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the account window's stats", () => {
  it('follow the rounds played since they were last shown, open or reopened (no reload)', async () => {
    const player = await signedUpPlayer(e2e.t, 'Counter');
    const { page, context, errors } = await openSignedIn(e2e, player);
    const openAccount = async () => {
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Account' }).click();
      return page.getByRole('dialog', { name: 'Account' });
    };
    let account = await openAccount();
    const rounds = () => account.getByTestId('player-stats').getByTestId('stats-rounds');
    await rounds().getByText('0', { exact: true }).waitFor();

    // A round scored elsewhere (another tab) while the window is open: the pushed profile brings fresh stats.
    for (const played of await playRounds(e2e.t, player, [{ lat: 46, lng: 2 }], 'world')) await submitScore(e2e.t, player, played);
    await rounds().getByText('1', { exact: true }).waitFor();

    // Two more while it is closed: reopened within the stats' freshness time, it shows them all.
    await account.getByRole('button', { name: 'Close' }).click();
    for (const played of await playRounds(e2e.t, player, [{ lat: 10, lng: 10 }, { lat: 20, lng: 20 }], 'world')) await submitScore(e2e.t, player, played);
    await page.waitForTimeout(1_000);
    account = await openAccount();
    await rounds().getByText('3', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

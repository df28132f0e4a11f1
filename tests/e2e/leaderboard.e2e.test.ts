import type { PlaceGuessResponse, StartSoloGameResponse } from '@globetrail/contracts';
import { type E2E, openPage, openSignedIn, startE2E } from '../support/e2e.js';
import { playRounds, submissionFor, submitScore } from '../support/play.js';
import { type Player, signedUpPlayer } from '../support/test-app.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e.close());

/** A scored round on `mapId` (SPEC §3 payload), as the client would submit it. */
async function scoreOn(player: Player, mapId: string): Promise<PlaceGuessResponse['result']> {
  const t = e2e.t;
  const game = (await t.http.post('/solo').set('Authorization', player.token).send({ mapId }).expect(201)).body as StartSoloGameResponse;
  const { result } = (await t.http.post(`/solo/${game.gameId}/guess`).set('Authorization', player.token).send({ roundIndex: 0, guess: { lat: 46, lng: 2 } }).expect(200)).body as PlaceGuessResponse;
  await t.http.post('/score/submit').set('Authorization', player.token).send(submissionFor({ gameId: game.gameId, mapId, result })).expect(200);
  return result;
}

describe('the leaderboards in Chromium', () => {
  it('switches sorts, period and a filter, keeps them across a reload (fitlerPref), ranks me, and opens a profile with its tier', async () => {
    const ada = await signedUpPlayer(e2e.t, 'Ada');
    const bo = await signedUpPlayer(e2e.t, 'Bo');
    // Offline, a France map's round plays the nearest sample picture: its country is the round's.
    const { targetCountryCode } = await scoreOn(ada, 'country-fr');
    // Bo's two rounds are one world game's: its pictures differ, so both are scored.
    for (const played of await playRounds(e2e.t, bo, [{ lat: 46, lng: 2 }, { lat: 35, lng: 139 }], 'world')) {
      await submitScore(e2e.t, bo, played);
    }

    const { page, context, errors } = await openSignedIn(e2e, ada);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Leaderboard' }).click();
    await page.waitForURL(/#\/leaderboard\/points$/);
    const table = page.getByTestId('leaderboard-table');
    await table.getByText('Bo').waitFor();
    await page.getByTestId('leaderboard-my-rank').getByText(/Your rank/).waitFor();

    // Games: Bo played two rounds.
    await page.getByRole('tab', { name: 'Games' }).click();
    await page.waitForURL(/#\/leaderboard\/games$/);
    await table.getByRole('row').nth(1).getByTestId('leaderboard-value').getByText('2', { exact: true }).waitFor();
    await table.getByRole('row').nth(1).getByText('Bo').waitFor();

    // This week, on country maps: only Ada's round counts.
    await page.getByTestId('filter-period').selectOption('week');
    await page.getByTestId('filter-mapCoverage').selectOption('country');
    await table.getByText('Bo').waitFor({ state: 'detached' });
    await table.getByTestId('leaderboard-my-row').getByTestId('leaderboard-value').getByText('1', { exact: true }).waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('fitlerPref') ?? 'null'));
    expect(stored).toMatchObject({ sortBy: 'games', timePeriod: 'week', mapCoverage: 'country', country: 'all', currentPage: 0, countryStreakOnly: null });

    // A reload restores the same view; choosing another filter replaces this one.
    await page.reload();
    await page.getByTestId('leaderboard-my-row').waitFor();
    expect(await page.getByTestId('filter-period').inputValue()).toBe('week');
    expect(await page.getByTestId('filter-mapCoverage').inputValue()).toBe('country');
    await page.getByTestId('filter-country').selectOption(targetCountryCode!);
    expect(await page.getByTestId('filter-mapCoverage').inputValue()).toBe('');
    await page.getByTestId('leaderboard-my-row').waitFor();

    // Elo is all-time: the filters are set aside.
    await page.getByRole('tab', { name: 'Arena Elo' }).click();
    await page.getByText('This leaderboard is all time and has no filters.').waitFor();
    await table.getByText('Bo').waitFor();

    // A name opens the player's public profile, with a tier badge.
    await table.getByRole('button', { name: 'Bo' }).click();
    const profile = page.getByRole('dialog', { name: 'Player profile' });
    await profile.getByTestId('tier-badge').waitFor();
    expect(await profile.getByTestId('tier-badge').getAttribute('data-tier')).toBe('bronze');
    expect(await table.getByTestId('tier-badge').count()).toBeGreaterThan(0);
    // Their stats (SPEC's userstats) and the chart of points and rounds over time, loaded on demand.
    const stats = profile.getByTestId('player-stats');
    await stats.getByTestId('stats-rounds').getByText('2', { exact: true }).waitFor();
    await stats.getByTestId('stats-chart').locator('canvas').waitFor();
    await stats.getByTestId('stats-group').selectOption('m');
    await stats.getByTestId('stats-period').selectOption('day');
    await stats.getByTestId('stats-rounds').getByText('2', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows tiers in a live game's roster, looking players up once per session and guests never (SPEC §4)", async () => {
    const dee = await signedUpPlayer(e2e.t, 'Dee');
    const host = await openSignedIn(e2e, dee, '/#/game/lobby');
    const lookups: string[] = [];
    host.page.on('request', (request) => {
      const found = /\/user\/profile\/NameAndImage\/([^/?]+)/.exec(request.url());
      if (found) lookups.push(decodeURIComponent(found[1]!));
    });
    await host.page.getByTestId('lobby-screen').waitFor();
    await host.page.getByTestId('open-duel').click();
    await host.page.waitForURL(/#\/game\/[0-9a-f-]{36}/);
    const gameId = /#\/game\/([0-9a-f-]{36})/.exec(host.page.url())![1]!;
    const guest = await openPage(e2e, '/#/game/lobby');
    await guest.page.locator(`[data-testid="duel-row"][data-game-id="${gameId}"]`).getByTestId('join-duel').click();
    await guest.page.getByTestId('waiting-room').waitFor();

    const rows = host.page.getByTestId('player-row');
    const deeRow = rows.filter({ hasText: 'Dee' });
    await deeRow.getByTestId('tier-badge').first().waitFor();
    expect(await deeRow.getByTestId('tier-badge').first().getAttribute('data-tier')).toBe('bronze');
    const guestRow = rows.nth(1);
    await guestRow.waitFor();
    expect(await guestRow.getByTestId('tier-badge').count()).toBe(0);
    expect(await guestRow.getByTestId('player-avatar').isDisabled()).toBe(true);
    // The guest was shown by name only: the one lookup was Dee's, and it is in the session's cache.
    expect(lookups).toEqual([dee.profile.uid]);
    const cached = await host.page.evaluate(() => JSON.parse(sessionStorage.getItem('gt.players') ?? '{}'));
    expect(cached[dee.profile.uid]).toEqual({ name: 'Dee', photoUrl: '', isAnon: false, tier: 'bronze' });

    // A reload reads the cache: no second lookup. Dee's avatar opens Dee's public profile.
    await host.page.reload();
    await deeRow.getByTestId('tier-badge').first().waitFor();
    expect(lookups).toEqual([dee.profile.uid]);
    await deeRow.getByTestId('player-avatar').click();
    await host.page.getByRole('dialog', { name: 'Player profile' }).getByText('Dee').first().waitFor();
    expect([...host.errors, ...guest.errors]).toEqual([]);
    await Promise.all([host.context.close(), guest.context.close()]);
  });
});

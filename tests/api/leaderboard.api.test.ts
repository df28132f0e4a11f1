import type { LeaderboardMe, LeaderboardPage, PlaceGuessResponse, ProfileChanges, StartSoloGameResponse, UserStats } from '@globetrail/contracts';
import { leaderboardSortValues } from '@globetrail/contracts';
import { playRounds, submitScore } from '../support/play.js';
import { anonymousPlayer, type Player, signedUpPlayer, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let ada: Player;
let guest: Player;

/** Plays one round of `mapId` and submits its score (SPEC §3 payload). */
async function scoreOn(player: Player, mapId: string, guess = { lat: 46, lng: 2 }): Promise<number> {
  const game = (await t.http.post('/solo').set('Authorization', player.token).send({ mapId }).expect(201)).body as StartSoloGameResponse;
  const { result } = (await t.http.post(`/solo/${game.gameId}/guess`).set('Authorization', player.token).send({ roundIndex: 0, guess }).expect(200)).body as PlaceGuessResponse;
  await submitScore(t, player, { gameId: game.gameId, mapId, result });
  return result.points;
}

beforeAll(async () => {
  t = await startTestApp();
  [ada, guest] = [await signedUpPlayer(t, 'Ada'), await anonymousPlayer(t)];
  await signedUpPlayer(t, 'Bo');
});
afterAll(() => t.close());

describe('GET /leaderboard/{sortBy}', () => {
  it('answers every sort for anyone, signed-up players only', async () => {
    for (const sortBy of leaderboardSortValues) {
      const page = (await t.http.get(`/leaderboard/${sortBy}`).expect(200)).body as LeaderboardPage;
      expect(page).toMatchObject({ sortBy, period: 'all', filter: 'all', page: 0 });
      expect(page.entries.some((entry) => entry.uid === guest.profile.uid)).toBe(false);
    }
  });

  it('counts a round under its period and its map’s categories, and ranks "me"', async () => {
    const points = await scoreOn(ada, 'country-fr');
    const today = (await t.http.get('/leaderboard/points?period=day&mapCoverage=country').expect(200)).body as LeaderboardPage;
    expect(today).toMatchObject({ period: 'day', filter: 'coverage:country' });
    expect(today.entries).toMatchObject([{ uid: ada.profile.uid, rank: 1, value: points, games: 1, tier: 'bronze' }]);
    expect(((await t.http.get('/leaderboard/points?mapCoverage=world').expect(200)).body as LeaderboardPage).entries).toEqual([]);
    const me = (await t.http.get('/leaderboard/games/me?period=week').set('Authorization', ada.token).expect(200)).body as LeaderboardMe;
    expect(me.entry).toMatchObject({ rank: 1, value: 1 });
    const none = (await t.http.get('/leaderboard/points/me?country=JP').set('Authorization', ada.token).expect(200)).body as LeaderboardMe;
    expect(none.entry).toBeNull();
  });

  it('refuses bad input naming the field', async () => {
    for (const [path, field] of [
      ['/leaderboard/speed', 'sortBy'],
      ['/leaderboard/points?period=year', 'period'],
      ['/leaderboard/points?country=fr', 'country'],
      ['/leaderboard/points?country=FR&mapCoverage=world', 'mapCoverage'],
      ['/leaderboard/points?mapUrbanRural=suburban', 'mapUrbanRural'],
      ['/leaderboard/points?pageSize=0', 'pageSize'],
      ['/leaderboard/elo?period=week', 'period'],
      ['/leaderboard/dailyStreak?country=FR', 'country'],
    ] as const) {
      expect({ path, body: (await t.http.get(path).expect(400)).body }).toMatchObject({ path, body: { code: 'validation_failed', field } });
    }
  });

  it('"my rank" needs a signed-up player', async () => {
    await t.http.get('/leaderboard/points/me').expect(401);
    await t.http.get('/leaderboard/points/me').set('Authorization', guest.token).expect(403);
  });
});

describe('GET /user/userstats/{id}/{t}/{g} and /user/profile/changed', () => {
  it('answers a player’s stats with SPEC’s defaults, per period and grouping; 404 for unknown and anonymous players', async () => {
    const cy = await signedUpPlayer(t, 'Cy');
    // One game of two rounds: its pictures differ, so both can be scored.
    const [first, second] = await playRounds(t, cy, [{ lat: 46, lng: 2 }, { lat: 35, lng: 139 }], 'world');
    for (const played of [first!, second!]) await submitScore(t, cy, played);
    const total = first!.result.points + second!.result.points;
    const stats = (await t.http.get(`/user/userstats/${cy.profile.uid}`).expect(200)).body as UserStats;
    expect(stats).toMatchObject({ uid: cy.profile.uid, name: 'Cy', t: 'all', g: 'g', games: 2, points: total, averagePoints: Math.round(total / 2), tier: 'bronze' });
    const today = new Date().toISOString().slice(0, 10);
    expect(stats.series).toEqual([{ bucket: today, points: total, games: 2 }]);
    const monthly = (await t.http.get(`/user/userstats/${cy.profile.uid}/month/m`).expect(200)).body as UserStats;
    expect(monthly.series).toEqual([{ bucket: today.slice(0, 7), points: total, games: 2 }]);
    expect((await t.http.get(`/user/userstats/${cy.profile.uid}/year/g`).expect(400)).body).toMatchObject({ field: 't' });
    expect((await t.http.get(`/user/userstats/${cy.profile.uid}/all/x`).expect(400)).body).toMatchObject({ field: 'g' });
    await t.http.get('/user/userstats/nobody/all/g').expect(404);
    await t.http.get(`/user/userstats/${guest.profile.uid}/all/g`).expect(404);
  });

  it('says whether the own profile changed since the version the client holds', async () => {
    const first = (await t.http.get('/user/profile/changed').set('Authorization', ada.token).expect(200)).body as ProfileChanges;
    expect(first).toMatchObject({ changed: true, profile: { uid: ada.profile.uid } });
    const same = (await t.http.get(`/user/profile/changed?since=${first.version}`).set('Authorization', ada.token).expect(200)).body as ProfileChanges;
    expect(same).toEqual({ changed: false, version: first.version, profile: null });
    // Far from France: offline, its round cannot replay the picture Ada already scored on the France map.
    await scoreOn(ada, 'country-jp', { lat: 36, lng: 138 });
    const after = (await t.http.get(`/user/profile/changed?since=${first.version}`).set('Authorization', ada.token).expect(200)).body as ProfileChanges;
    expect(after.changed).toBe(true);
    expect(after.profile!.points).toBeGreaterThan(first.profile!.points);
    await t.http.get('/user/profile/changed').expect(401);
  });
});

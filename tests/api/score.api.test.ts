import type { LeaderboardPage, ScoreSubmissionResponse, UserProfileView } from '@globetrail/contracts';
import { levelForPoints } from '@globetrail/contracts';
import { playRound, submissionFor } from '../support/play.js';
import { anonymousPlayer, signedUpPlayer, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const profileOf = async (token: string) => (await t.http.get('/user/profile').set('Authorization', token).expect(200)).body as UserProfileView;

describe('POST /score/submit', () => {
  it("adds the server-scored points to a signed-up player's total and answers the new rank", async () => {
    const player = await signedUpPlayer(t);
    const played = await playRound(t, player);
    const response = await t.http.post('/score/submit').set('Authorization', player.token).send(submissionFor(played)).expect(200);
    const { newRank, newScore } = response.body as ScoreSubmissionResponse;
    expect(newScore).toBe(played.result.points);

    const profile = await profileOf(player.token);
    expect(profile).toMatchObject({ points: newScore, rank: newRank, nGames: 1, level: levelForPoints(newScore), bestGuessInMeters: played.result.distanceMeters });
  });

  it('ranks players by points, ties sharing a rank, and the leaderboard agrees', async () => {
    const fresh = await startTestApp();
    try {
      const [a, b, c] = [await signedUpPlayer(fresh, 'Ada'), await signedUpPlayer(fresh, 'Bo'), await signedUpPlayer(fresh, 'Cy')];
      const near = await playRound(fresh, a, { lat: 0, lng: 0 });
      const rankA = (await fresh.http.post('/score/submit').set('Authorization', a.token).send(submissionFor(near)).expect(200)).body as ScoreSubmissionResponse;
      expect(rankA.newRank).toBe(1);
      const page = (await fresh.http.get('/leaderboard/points').expect(200)).body as LeaderboardPage;
      expect(page.total).toBe(3);
      expect(page.entries[0]).toMatchObject({ rank: 1, uid: a.profile.uid, points: near.result.points });
      // Bo and Cy have 0 points each: they share second place.
      expect(page.entries.slice(1).map((e) => e.rank)).toEqual([2, 2]);
      expect(page.entries.slice(1).map((e) => e.uid).sort()).toEqual([b.profile.uid, c.profile.uid].sort());
    } finally {
      await fresh.close();
    }
  });

  it.each([
    ['scoreToAdd', (s: Record<string, unknown>) => ({ ...s, scoreToAdd: (s.scoreToAdd as number) === 10000 ? 9999 : 10000 })],
    ['targetLocation', (s: Record<string, unknown>) => ({ ...s, targetLocation: [1.5, 1.5] })],
    ['guessLocation', (s: Record<string, unknown>) => ({ ...s, guessLocation: [1.5, 1.5] })],
    ['bestGuessInMeters', (s: Record<string, unknown>) => ({ ...s, bestGuessInMeters: (s.bestGuessInMeters as number) + 5000 })],
    ['scoreFromNM', (s: Record<string, unknown>) => ({ ...s, scoreFromNM: 100 })],
  ])('refuses a payload whose %s disagrees with the stored round, and writes nothing', async (field, tamper) => {
    const player = await signedUpPlayer(t);
    const played = await playRound(t, player);
    const honest = submissionFor(played) as unknown as Record<string, unknown>;
    const response = await t.http.post('/score/submit').set('Authorization', player.token).send(tamper(honest)).expect(400);
    expect(response.body).toMatchObject({ statusCode: 400, code: 'score_mismatch', field });
    expect(await profileOf(player.token)).toMatchObject({ points: 0, nGames: 0 });
    // The honest submission still goes through afterwards.
    await t.http.post('/score/submit').set('Authorization', player.token).send(honest).expect(200);
  });

  it('scores a target once: a second submission is refused with 409', async () => {
    const player = await signedUpPlayer(t);
    const played = await playRound(t, player);
    await t.http.post('/score/submit').set('Authorization', player.token).send(submissionFor(played)).expect(200);
    const again = await t.http.post('/score/submit').set('Authorization', player.token).send(submissionFor(played)).expect(409);
    expect(again.body).toMatchObject({ code: 'already_submitted' });
    expect(await profileOf(player.token)).toMatchObject({ points: played.result.points, nGames: 1 });
  });

  it("takes SPEC's own payload (no gameId, no roundNumber): the round is found by its target among the player's own", async () => {
    const player = await signedUpPlayer(t);
    const played = await playRound(t, player);
    const { gameId: _gameId, roundNumber: _roundNumber, ...specPayload } = submissionFor(played);
    const thief = await signedUpPlayer(t);
    const stolen = await t.http.post('/score/submit').set('Authorization', thief.token).send(specPayload).expect(404);
    expect(stolen.body).toMatchObject({ field: 'targetLocation' });
    const { newScore } = (await t.http.post('/score/submit').set('Authorization', player.token).send(specPayload).expect(200)).body as ScoreSubmissionResponse;
    expect(newScore).toBe(played.result.points);
    expect((await t.http.post('/score/submit').set('Authorization', player.token).send(specPayload).expect(409)).body).toMatchObject({ code: 'already_submitted' });
    const nowhere = await t.http.post('/score/submit').set('Authorization', player.token).send({ ...specPayload, targetLocation: [-45, 170] }).expect(404);
    expect(nowhere.body).toMatchObject({ code: 'not_found', field: 'targetLocation' });
  });

  it('refuses anonymous players (SPEC §6)', async () => {
    const player = await anonymousPlayer(t);
    const played = await playRound(t, player);
    const response = await t.http.post('/score/submit').set('Authorization', player.token).send(submissionFor(played)).expect(403);
    expect(response.body).toMatchObject({ code: 'anonymous_not_allowed' });
  });

  it.each([
    ['gameId', { gameId: undefined }],
    ['targetLocation', { targetLocation: [12] }],
    ['gameType', { gameType: 5 }],
    ['scoreToAdd', { scoreToAdd: 'lots' }],
  ])('refuses a malformed payload with a 400 naming %s', async (field, overrides) => {
    const player = await signedUpPlayer(t);
    const played = await playRound(t, player);
    const response = await t.http.post('/score/submit').set('Authorization', player.token).send({ ...submissionFor(played), ...overrides }).expect(400);
    expect(response.body).toMatchObject({ code: 'validation_failed', field });
  });

  it("refuses someone else's round and a round not yet guessed", async () => {
    const owner = await signedUpPlayer(t);
    const played = await playRound(t, owner);
    const thief = await signedUpPlayer(t);
    await t.http.post('/score/submit').set('Authorization', thief.token).send(submissionFor(played)).expect(403);
    const game = (await t.http.post('/solo').set('Authorization', owner.token).send({}).expect(201)).body as { gameId: string };
    const response = await t.http.post('/score/submit').set('Authorization', owner.token).send({ ...submissionFor(played), gameId: game.gameId }).expect(409);
    expect(response.body).toMatchObject({ code: 'round_not_guessed' });
  });
});

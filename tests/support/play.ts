import { buildScoreSubmission, isGuessed, type LatLng, type PlaceGuessResponse, type RoundResult, type ScoreSubmissionInput, type StartSoloGameResponse, type UserProfileView } from '@globetrail/contracts';
import type { Player, TestApp } from './test-app.js';

/** Plays one round of a fresh solo game with the given guess and returns its server-scored result. */
export async function playRound(t: TestApp, player: Player, guess = { lat: 10, lng: 10 }): Promise<{ gameId: string; mapId: string; result: RoundResult }> {
  const game = (await t.http.post('/solo').set('Authorization', player.token).send({}).expect(201)).body as StartSoloGameResponse;
  const { result } = (await t.http.post(`/solo/${game.gameId}/guess`).set('Authorization', player.token).send({ roundIndex: 0, guess }).expect(200)).body as PlaceGuessResponse;
  return { gameId: game.gameId, mapId: game.mapId, result };
}

/**
 * Plays `guesses.length` rounds of one solo game (on `mapId`, or the default map) and returns each result.
 * One game never plays the same picture twice, so its rounds can all be scored: a player's second game may
 * repeat an earlier target (offline, every map plays the nearest of the sample pictures), and a target is
 * scored once.
 */
export async function playRounds(t: TestApp, player: Player, guesses: LatLng[], mapId?: string): Promise<Array<{ gameId: string; mapId: string; result: RoundResult }>> {
  const game = (await t.http.post('/solo').set('Authorization', player.token).send(mapId ? { mapId } : {}).expect(201)).body as StartSoloGameResponse;
  const played = [];
  for (const [roundIndex, guess] of guesses.entries()) {
    if (roundIndex > 0) await t.http.post(`/solo/${game.gameId}/rounds`).set('Authorization', player.token).send({ roundIndex }).expect(201);
    const { result } = (await t.http.post(`/solo/${game.gameId}/guess`).set('Authorization', player.token).send({ roundIndex, guess }).expect(200)).body as PlaceGuessResponse;
    played.push({ gameId: game.gameId, mapId: game.mapId, result });
  }
  return played;
}

/** The score payload the client builds from a result (SPEC §3), for a player with no streak yet. */
export function submissionFor(played: { gameId: string; mapId: string; result: RoundResult }, streakBefore = 0): ScoreSubmissionInput {
  const { result } = played;
  if (!isGuessed(result)) throw new Error(`round ${result.roundIndex} of ${played.gameId} has no guess to submit`);
  return buildScoreSubmission({ ...played, result }, { currentCountryStreak: streakBefore, bestCountryStreak: streakBefore });
}

/**
 * Submits a played round's score as the client does: the payload's country streak continues the player's
 * streak so far (from their profile), so a player's second round in the same country still adds up.
 */
export async function submitScore(t: TestApp, player: Player, played: { gameId: string; mapId: string; result: RoundResult }): Promise<void> {
  const profile = (await t.http.get('/user/profile').set('Authorization', player.token).expect(200)).body as UserProfileView;
  if (!isGuessed(played.result)) throw new Error(`round ${played.result.roundIndex} of ${played.gameId} has no guess to submit`);
  const payload = buildScoreSubmission({ ...played, result: played.result }, { currentCountryStreak: profile.currentCountryStreak, bestCountryStreak: profile.bestCountryStreak });
  await t.http.post('/score/submit').set('Authorization', player.token).send(payload).expect(200);
}

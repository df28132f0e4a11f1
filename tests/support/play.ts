import type { PlaceGuessResponse, RoundResult, ScoreSubmissionInput, StartSoloGameResponse } from '@globetrail/contracts';
import type { Player, TestApp } from './test-app.js';

/** Plays one round of a fresh solo game with the given guess and returns its server-scored result. */
export async function playRound(t: TestApp, player: Player, guess = { lat: 10, lng: 10 }): Promise<{ gameId: string; mapId: string; result: RoundResult }> {
  const game = (await t.http.post('/solo').set('Authorization', player.token).send({}).expect(201)).body as StartSoloGameResponse;
  const { result } = (await t.http.post(`/solo/${game.gameId}/guess`).set('Authorization', player.token).send({ roundIndex: 0, guess }).expect(200)).body as PlaceGuessResponse;
  return { gameId: game.gameId, mapId: game.mapId, result };
}

/** The score payload the client builds from a result (SPEC §3), for a player with no streak yet. */
export function submissionFor(played: { gameId: string; mapId: string; result: RoundResult }, streakBefore = 0): ScoreSubmissionInput {
  const { result } = played;
  const correctCountry = result.targetCountryCode !== null && result.guessCountryCode === result.targetCountryCode;
  const current = correctCountry ? streakBefore + 1 : 0;
  return {
    gameId: played.gameId,
    roundNumber: result.roundIndex,
    scoreToAdd: result.points,
    mapId: played.mapId,
    bestGuessInMeters: result.distanceMeters,
    bestCountryStreak: current,
    currentCountryStreak: current,
    scoreFromStreak: 0,
    scoreFromNMPZ: 0,
    scoreFromNM: 0,
    targetLocation: [result.target.lat, result.target.lng],
    guessLocation: [result.guess.lat, result.guess.lng],
    countryCode: result.targetCountryCode,
    gameType: 1,
  };
}

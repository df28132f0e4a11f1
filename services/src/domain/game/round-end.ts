import type { GameEvent, GameEventOf } from '@globetrail/contracts';
import { gameEnded, gameOverReason } from './game-end.js';
import { evolveGame } from './game.evolve.js';
import { type Game, instantOf, latestRound } from './game.state.js';
import { countedPlayers } from './presence.js';
import { ghostIsDone } from './ghost.js';
import { applyDamage, roundResults, sideScores } from './scoring.js';

type EndRoundReason = GameEventOf<'RoundEnded'>['data']['reason'];

/**
 * SPEC §5: a round is over once every counted player (connected, not inactive) has a final guess (a ghost:
 * is done with its recording of the round). With nobody counted it waits for its timer rather than ending
 * unplayed.
 */
export function everyoneHasGuessed(game: Game, now: number): boolean {
  const round = latestRound(game);
  if (game.status !== 'SED' || !round) return false;
  const counted = countedPlayers(game, now);
  return counted.length > 0 && counted.every((player) => round.guesses[player.id]?.isF === true || ghostIsDone(game, round, player.id, now));
}

/** Ends the current round: last markers become final, scores and damage are settled, and the game may end. */
export function endRound(game: Game, reason: EndRoundReason, now: number): GameEvent[] {
  const round = latestRound(game);
  if (!round) throw new Error(`game ${game.gameId} has no round to end`);
  const results = roundResults(game, round);
  const teamScores = sideScores(game, results);
  const hit = teamScores && game.hp ? applyDamage(round.index, teamScores, game.hp) : null;
  // A player who guessed (or left a marker) is active again; one who left no trace misses a round.
  const ir = Object.fromEntries(game.players.map((player) => [player.id, results[player.id]?.loc ? 0 : player.ir + 1]));
  const roundEnded: GameEvent = {
    type: 'RoundEnded',
    version: 1,
    data: {
      roundIndex: round.index,
      reason,
      target: round.target,
      targetCountryCode: round.targetCountryCode,
      results,
      teamScores,
      damage: hit?.damage ?? null,
      hp: hit?.hp ?? null,
      ir,
      endedAt: instantOf(now),
    },
  };
  const after = evolveGame(game, roundEnded);
  const over = gameOverReason(after);
  return over ? [roundEnded, gameEnded(after, over, now)] : [roundEnded];
}

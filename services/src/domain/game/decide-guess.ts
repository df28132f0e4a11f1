import { type GameEvent, LIVE, type LatLng, latLngSchema, sameLocation } from '@globetrail/contracts';
import { type Decision, isRejection, type Rejection, reject } from '../decider.js';
import { gameEvent, memberOf } from './decide-support.js';
import { playableRound } from './decide-rounds.js';
import type { GameCommandOf } from './game.commands.js';
import { type Game, type Guess, instantOf, roundAt } from './game.state.js';

/**
 * A player moves their marker (non-final) any number of times and confirms once (final). A confirmed guess
 * sent again is a retry; a different one is refused.
 */
export function decideGuess(command: GameCommandOf<'PlaceGuess'>, game: Game, now: number): Decision<GameEvent> {
  const player = memberOf(game, command.playerId);
  if (isRejection(player)) return player;
  const invalid = invalidGuess(game, command.loc, command.r);
  if (invalid) return invalid;
  const own = roundAt(game, command.roundIndex)?.guesses[player.id];
  const resent = own !== undefined && sameGuess(own, command);
  if (own?.isF && resent) return [];
  const round = playableRound(game, command.roundIndex);
  if (isRejection(round)) return round;
  if (own?.isF) return reject(409, 'round_already_guessed', 'your final guess for this round is already in');
  if (now > guessDeadline(game, round.crft, round.gatft)) return reject(409, 'round_over', 'time is up for this round');
  if (resent && !command.final) return [];
  return [gameEvent('GuessPlaced', { roundIndex: round.index, playerId: player.id, loc: command.loc, r: command.r, isF: command.final, at: instantOf(now) })];
}

function invalidGuess(game: Game, loc: LatLng, r: number): Rejection | null {
  if (!latLngSchema.safeParse(loc).success) return reject(400, 'invalid_coordinates', 'that point is not on the map (latitude ±90, longitude ±180)', 'loc');
  if (game.gameT === 'C') {
    const inRange = Number.isFinite(r) && r >= 0 && r <= LIVE.maxRadiusMeters;
    return inRange ? null : reject(400, 'validation_failed', `a circle's radius is between 0 and ${LIVE.maxRadiusMeters} metres`, 'r');
  }
  return r === -1 ? null : reject(400, 'validation_failed', 'only circles games take a radius', 'r');
}

const sameGuess = (guess: Guess, command: { loc: LatLng; r: number; final: boolean }) =>
  guess.isF === command.final && guess.r === command.r && sameLocation(guess.loc, command.loc);

/**
 * The last moment a guess counts: the round timer, or with `gat` the end of the "time is up" window, even
 * when the timer command that opens it has not been handled yet. No time limit: no deadline.
 */
function guessDeadline(game: Game, crft: number | null, gatft: number | null): number {
  if (crft === null) return Number.POSITIVE_INFINITY;
  if (!game.settings.gat) return crft;
  return gatft ?? crft + LIVE.gatWindowMs;
}

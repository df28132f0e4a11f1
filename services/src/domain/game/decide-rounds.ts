import { type GameEvent, LIVE, movementFor } from '@globetrail/contracts';
import { countryAt } from '../country.js';
import { type Decision, isRejection, type Rejection, reject } from '../decider.js';
import { gameEvent, memberOf } from './decide-support.js';
import type { GameCommandOf } from './game.commands.js';
import { type Game, instantOf, isOver, type Round, roundAt } from './game.state.js';
import { isConnected } from './presence.js';
import { endRound } from './round-end.js';

/**
 * The timer commands (PrepareRound, BeginRound, EndRound) arrive at the time `scheduledWork` gave. One for a
 * round already past is a retry and decides nothing; one that comes early or out of turn is refused.
 */
const notNow = (message: string) => reject(409, 'wrong_phase', message, 'roundIndex');
const theGameIsOver = () => reject(409, 'wrong_phase', 'the game is over');

/** G → SIN for round 0, R_ED → SIN for the next round once its result has been shown. */
export function decidePrepare(command: GameCommandOf<'PrepareRound'>, game: Game, now: number): Decision<GameEvent> {
  const { roundIndex } = command;
  // A ranked match plays the round it committed to, whatever picture the timer brought.
  const picture = game.plan?.rounds[roundIndex] ?? command.picture;
  if (roundAt(game, roundIndex)) return [];
  if (isOver(game)) return theGameIsOver();
  const isNext = (game.status === 'G' || game.status === 'R_ED') && roundIndex === game.rounds.length;
  if (!isNext) return notNow(`round index ${roundIndex} cannot be prepared now`);
  if (game.status === 'R_ED' && now < game.phaseAt + LIVE.resultDisplayMs) return notNow(`the result of round index ${game.cr} is still showing`);
  return [
    gameEvent('RoundStarting', {
      roundIndex,
      startsAt: now + LIVE.countdownMs,
      target: picture.target,
      targetCountryCode: countryAt(picture.target),
      panorama: picture.panorama,
      movement: movementFor(game.settings),
      ...(game.settings.bl ? { blink: true as const } : {}),
      at: instantOf(now),
    }),
  ];
}

/** SIN → SED when the countdown is over; the round's timer ends at `crft` (null for no limit). */
export function decideBegin(command: GameCommandOf<'BeginRound'>, game: Game, now: number): Decision<GameEvent> {
  const round = roundAt(game, command.roundIndex);
  if (round && round.startedAt !== null) return [];
  if (isOver(game)) return theGameIsOver();
  if (!round || game.status !== 'SIN') return notNow(`round index ${command.roundIndex} is not counting down`);
  if (now < round.startsAt) return notNow(`the countdown to round index ${round.index} is not over`);
  return [gameEvent('RoundStarted', { roundIndex: round.index, startedAt: now, crft: roundDeadline(game, now) })];
}

/** Blink rounds run on the blink guess window; the picture's own few seconds are per player (StartViewing). */
function roundDeadline(game: Game, startedAt: number): number | null {
  const { rl, bl } = game.settings;
  if (rl === -1) return null;
  return startedAt + (bl ? LIVE.blinkGuessWindowMs : rl * 1000);
}

/** Blink mode: the player pressed Start; their picture shows for `rl` seconds from now. */
export function decideStartViewing(command: GameCommandOf<'StartViewing'>, game: Game, now: number): Decision<GameEvent> {
  const player = memberOf(game, command.playerId);
  if (isRejection(player)) return player;
  if (!game.settings.bl) return reject(409, 'wrong_phase', 'this game is not in blink mode');
  const round = playableRound(game, command.roundIndex);
  if (isRejection(round)) return round;
  if (round.hidesAt[player.id] !== undefined) return [];
  return [gameEvent('PlayerStartedViewing', { roundIndex: round.index, playerId: player.id, at: now, hidesAt: now + game.settings.rl * 1000 })];
}

/** The round being played, or why round `index` takes no more play. */
export function playableRound(game: Game, index: number): Round | Rejection {
  const round = roundAt(game, index);
  if (round && (round.end || isOver(game))) return reject(409, 'round_over', 'this round is over');
  if (!round || game.status !== 'SED') return notNow(`round ${index + 1} has not started yet`);
  return round;
}

/**
 * The round's timer passed. With `gat`, players still guessing first get the 15 s "time is up" window
 * (`gatft`); the round ends when that passes too.
 */
export function decideEndRound(command: GameCommandOf<'EndRound'>, game: Game, now: number): Decision<GameEvent> {
  const round = roundAt(game, command.roundIndex);
  if (round && (round.end || isOver(game))) return [];
  if (isOver(game)) return theGameIsOver();
  if (!round || game.status !== 'SED') return notNow(`round index ${command.roundIndex} is not being played`);
  if (round.crft === null) return notNow('this round has no time limit');
  if (now < (round.gatft ?? round.crft)) return notNow("the round's time is not up yet");
  const someoneStillGuessing = game.players.some((player) => isConnected(game, player, now) && round.guesses[player.id]?.isF !== true);
  if (game.settings.gat && round.gatft === null && someoneStillGuessing) {
    return [gameEvent('RoundTimedOut', { roundIndex: round.index, gatft: now + LIVE.gatWindowMs, at: instantOf(now) })];
  }
  return endRound(game, 'timer', now);
}

/** The host ends the round for everyone at once, as the timer would (markers become final guesses). */
export function decideForceEnd(command: GameCommandOf<'ForceEndRound'>, game: Game, now: number): Decision<GameEvent> {
  const player = memberOf(game, command.playerId);
  if (isRejection(player)) return player;
  if (player.id !== game.hostId) return reject(403, 'not_host', 'only the host can end the round for everyone');
  if (game.ghost) return reject(403, 'forbidden', "a ghost duel's rounds end as a live duel's: when both are done, or on the timer");
  const round = roundAt(game, command.roundIndex);
  if (round && (round.end || isOver(game))) return [];
  if (isOver(game)) return theGameIsOver();
  if (!round || game.status !== 'SED') return notNow(`round ${command.roundIndex + 1} is not being played`);
  return endRound(game, 'host', now);
}

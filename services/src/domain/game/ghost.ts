import { type GameEvent, LIVE } from '@globetrail/contracts';
import { type Decision, reject } from '../decider.js';
import { gameEvent } from './decide-support.js';
import type { GameCommandOf } from './game.commands.js';
import { type Game, type GhostRecording, instantOf, type Round, roundAt } from './game.state.js';

/**
 * Ghost duels (docs/ghost-duels.md): the opponent is a recorded player whose guesses the round timer places
 * at the times they were made, measured from each round's start. Everything else — who has guessed, the
 * end of a round, damage, the end of the game — is the duel's own rules.
 */
export type GhostRound = GhostRecording['rounds'][number];

export const isGhost = (game: Game, playerId: string) => game.ghost?.playerId === playerId;

/** The ghost's recording for round `round`, when the game is a ghost duel that has it. */
export function ghostRoundOf(game: Game, round: Round): GhostRound | null {
  return game.ghost?.rounds[round.index] ?? null;
}

/**
 * The ghost is done with a round once all its recorded guesses are placed and the time it was done with the
 * recorded round has come (its final guess, or that round's end when it never confirmed one): the round
 * waits for it as for a player who has confirmed. Before a round starts nobody is done.
 */
export function ghostIsDone(game: Game, round: Round, playerId: string, now: number): boolean {
  const recorded = isGhost(game, playerId) ? ghostRoundOf(game, round) : null;
  if (!recorded || round.startedAt === null) return false;
  return round.ghostSteps >= recorded.guesses.length && now >= round.startedAt + recorded.doneAfterMs;
}

/**
 * When the ghost next owes something in the round being played (epoch ms): its next recorded guess, or the
 * moment it is done. Null once it has confirmed, outside a played round, or in other games.
 */
export function ghostDueAt(game: Game): { roundIndex: number; at: number } | null {
  const round = game.rounds.at(-1);
  if (!game.ghost || game.status !== 'SED' || !round || round.startedAt === null || round.end) return null;
  const recorded = ghostRoundOf(game, round);
  if (!recorded || round.guesses[game.ghost.playerId]?.isF) return null;
  const next = recorded.guesses[round.ghostSteps];
  return { roundIndex: round.index, at: round.startedAt + (next?.afterMs ?? recorded.doneAfterMs) };
}

/**
 * The timer plays the ghost: every recorded guess of the round whose time has come and that is not placed
 * yet, each stamped with its own time. A guess timed after the round's last moment is not placed, as a
 * player's would be refused. Sent again, or for a round not being played, it decides nothing.
 */
export function decidePlayGhost(command: GameCommandOf<'PlayGhost'>, game: Game, now: number): Decision<GameEvent> {
  if (!game.ghost) return reject(409, 'wrong_phase', 'this game has no ghost');
  const round = roundAt(game, command.roundIndex);
  if (!round || round.end || round.startedAt === null || game.status !== 'SED') return [];
  const recorded = ghostRoundOf(game, round);
  if (!recorded) return [];
  const { startedAt } = round;
  const deadline = round.crft === null ? Number.POSITIVE_INFINITY : game.settings.gat ? (round.gatft ?? round.crft + LIVE.gatWindowMs) : round.crft;
  const due = [];
  for (const guess of recorded.guesses.slice(round.ghostSteps)) {
    const at = startedAt + guess.afterMs;
    if (at > now || at > deadline) break;
    due.push(gameEvent('GuessPlaced', { roundIndex: round.index, playerId: game.ghost.playerId, loc: guess.loc, r: guess.r, isF: guess.isF, at: instantOf(at) }));
    if (guess.isF) break;
  }
  return due;
}

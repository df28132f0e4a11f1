import { isDuel, LIVE } from '@globetrail/contracts';
import { assertNever } from '../decider.js';
import type { ScheduledWork } from './game.commands.js';
import { type Game, type GameState, isRunning, latestRound } from './game.state.js';
import { awayAt } from './presence.js';
import { ghostDueAt } from './ghost.js';

/**
 * Events that change nothing scheduledWork reads (markers and guesses, chat, blink start times, the drawn
 * plan): the work owed after one of them is the work owed before it. A guess that ends a round comes with
 * its RoundEnded, which does change it. The one exception, a ghost's guess, is placed by the round timer
 * itself, which reschedules the game after it (process-managers/round-timers.ts).
 */
export const EVENTS_WITHOUT_WORK = ['GuessPlaced', 'ChatMessagePosted', 'PlayerStartedViewing', 'RoundPlanDrawn'] as const;

/**
 * What the round-timer process manager owes this game and when (epoch ms), earliest first. A time in the
 * past means "at once". Recomputed after every event, so work the state no longer needs disappears.
 */
export function scheduledWork(state: GameState): ScheduledWork[] {
  if (state.status === 'none') return [];
  return [...phaseWork(state), ...presenceWork(state)].sort((a, b) => a.at - b.at);
}

function phaseWork(game: Game): ScheduledWork[] {
  const round = latestRound(game);
  switch (game.status) {
    case 'G':
      return [{ kind: 'prepare_round', roundIndex: 0, at: game.phaseAt }];
    case 'SIN':
      return round ? [{ kind: 'begin_round', roundIndex: round.index, at: round.startsAt }] : [];
    case 'SED': {
      const deadline = round?.gatft ?? round?.crft ?? null;
      const ghost = ghostDueAt(game);
      return [
        ...(round && deadline !== null ? [{ kind: 'end_round' as const, roundIndex: round.index, at: deadline }] : []),
        ...(ghost ? [{ kind: 'play_ghost' as const, ...ghost }] : []),
      ];
    }
    case 'R_ED':
      return [{ kind: 'prepare_round', roundIndex: game.cr + 1, at: game.phaseAt + LIVE.resultDisplayMs }];
    case 'C':
    case 'G_ED':
    case 'G_ABON':
      return [];
    default:
      return assertNever(game.status);
  }
}

/**
 * The next presence check that can decide something: before the start, the first offline player's window
 * closing (removal); in a running duel, likewise (forfeit); in any running game, the last window closing
 * when everyone is offline (abandonment). Only the earliest is owed: the check appends events, and the
 * work is recomputed from the new state.
 */
function presenceWork(game: Game): ScheduledWork[] {
  if (game.status !== 'C' && !isRunning(game)) return [];
  const offline = game.players.filter((player) => !player.isC);
  if (offline.length === 0) return [];
  const times = game.status === 'C' || isDuel(game.gameT) ? offline.map(awayAt) : [];
  if (offline.length === game.players.length) times.push(Math.max(...offline.map(awayAt)));
  return times.length === 0 ? [] : [{ kind: 'check_presence', at: Math.min(...times) }];
}

import type { GameEvent } from '@globetrail/contracts';
import { assertNever, type Decider, type Decision, isRejection, reject } from '../decider.js';
import { decideChat } from './decide-chat.js';
import { decideGuess } from './decide-guess.js';
import { decideCreate, decideJoin, decideLeave, decideReady, decideRestart, decideTeam, readyToLaunch } from './decide-membership.js';
import { decideCheckPresence, decideConnect, decideDisconnect } from './decide-presence.js';
import { decideBegin, decideEndRound, decideForceEnd, decidePrepare, decideStartViewing } from './decide-rounds.js';
import type { GameCommand } from './game.commands.js';
import { evolveGame } from './game.evolve.js';
import { type GameState, instantOf } from './game.state.js';
import { gameEvent } from './decide-support.js';
import { decidePlayGhost } from './ghost.js';
import { endRound, everyoneHasGuessed } from './round-end.js';

/** A live game (docs/live-games.md): one decider for the `game-{gameId}` stream, whoever sends the command. */
export const gameDecider: Decider<GameState, GameCommand, GameEvent> = {
  initialState: { status: 'none' },

  decide(command, state, ctx): Decision<GameEvent> {
    const now = ctx.now.getTime();
    const decision = decideCommand(command, state, now);
    return isRejection(decision) ? decision : [...decision, ...followUps(decision.reduce(evolveGame, state), now)];
  },

  evolve: evolveGame,
};

function decideCommand(command: GameCommand, state: GameState, now: number): Decision<GameEvent> {
  if (command.type === 'CreateGame') return decideCreate(command, state, now);
  if (state.status === 'none') return reject(404, 'not_found', 'this game does not exist');
  switch (command.type) {
    case 'JoinGame':
      return decideJoin(command, state, now);
    case 'LeaveGame':
      return decideLeave(command, state, now);
    case 'ConnectPlayer':
      return decideConnect(command, state, now);
    case 'DisconnectPlayer':
      return decideDisconnect(command, state, now);
    case 'SetReady':
      return decideReady(command, state, now);
    case 'ChooseTeam':
      return decideTeam(command, state, now);
    case 'PrepareRound':
      return decidePrepare(command, state, now);
    case 'BeginRound':
      return decideBegin(command, state, now);
    case 'StartViewing':
      return decideStartViewing(command, state, now);
    case 'PlaceGuess':
      return decideGuess(command, state, now);
    case 'EndRound':
      return decideEndRound(command, state, now);
    case 'PlayGhost':
      return decidePlayGhost(command, state, now);
    case 'ForceEndRound':
      return decideForceEnd(command, state, now);
    case 'CheckPresence':
      return decideCheckPresence(state, now);
    case 'PostChat':
      return decideChat(command, state, now);
    case 'RestartGame':
      return decideRestart(command, state, now);
    default:
      return assertNever(command);
  }
}

/**
 * What a change sets off, whichever command made it: the launch once everyone is ready (a ready, a team
 * choice, or a removal can complete it), and the end of a round once every counted player has a final
 * guess (a guess, a disconnection, or a connected window that closed).
 */
function followUps(state: GameState, now: number): GameEvent[] {
  if (state.status === 'none') return [];
  if (readyToLaunch(state)) return [gameEvent('GameLaunched', { at: instantOf(now) })];
  if (everyoneHasGuessed(state, now)) return endRound(state, 'all_guessed', now);
  return [];
}

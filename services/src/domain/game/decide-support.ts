import type { GameEvent, GameEventOf } from '@globetrail/contracts';
import { reject, type Rejection } from '../decider.js';
import { findPlayer, type Game, type Player } from './game.state.js';

/** Builds a version-1 game event; the payload type follows from the event type. */
export function gameEvent<T extends GameEvent['type']>(type: T, data: GameEventOf<T>['data']): GameEvent {
  return { type, version: 1, data } as GameEvent;
}

/** The player a command speaks for, or why they cannot act in this game. */
export function memberOf(game: Game, playerId: string): Player | Rejection {
  return findPlayer(game, playerId) ?? reject(403, 'not_in_game', 'you are not a player in this game');
}

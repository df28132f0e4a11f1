import { type GameEvent, isDuel } from '@globetrail/contracts';
import { type Decision, isRejection } from '../decider.js';
import { gameEvent, memberOf } from './decide-support.js';
import { removePlayers } from './decide-membership.js';
import type { GameCommandOf } from './game.commands.js';
import { gameEnded } from './game-end.js';
import { findPlayer, type Game, instantOf, isRunning } from './game.state.js';
import { isAway } from './presence.js';

export function decideConnect(command: GameCommandOf<'ConnectPlayer'>, game: Game, now: number): Decision<GameEvent> {
  const player = memberOf(game, command.playerId);
  if (isRejection(player)) return player;
  if (player.isC || game.status === 'G_ABON') return [];
  return [gameEvent('PlayerConnected', { playerId: player.id, at: instantOf(now) })];
}

/** Spectators' and removed players' sockets drop too; for them there is nothing to record. */
export function decideDisconnect(command: GameCommandOf<'DisconnectPlayer'>, game: Game, now: number): Decision<GameEvent> {
  const player = findPlayer(game, command.playerId);
  if (!player || !player.isC || game.status === 'G_ABON') return [];
  return [gameEvent('PlayerDisconnected', { playerId: player.id, at: instantOf(now) })];
}

/**
 * 75 s after a disconnection. Before the start, players still away are removed. During a game, a duel
 * player away while the other is not forfeits; a game whose players are all away is abandoned. A finished
 * game keeps its result however long its players stay away.
 */
export function decideCheckPresence(game: Game, now: number): Decision<GameEvent> {
  const away = game.players.filter((player) => isAway(player, now));
  if (away.length === 0 || !(game.status === 'C' || isRunning(game))) return [];
  if (away.length === game.players.length) return [gameEvent('GameAbandoned', { reason: 'all_offline', at: instantOf(now) })];
  if (game.status === 'C') return removePlayers(game, away.map((player) => player.id), now);
  const [forfeiter] = away;
  if (isDuel(game.gameT) && forfeiter?.team) return [gameEnded(game, 'forfeit', now, forfeiter.team)];
  return [];
}

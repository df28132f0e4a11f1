import { type GameEvent, LIVE } from '@globetrail/contracts';
import { type Decision, isRejection, reject } from '../decider.js';
import { gameEvent, memberOf } from './decide-support.js';
import type { GameCommandOf } from './game.commands.js';
import { type Game, instantOf } from './game.state.js';

/** Players chat (spectators read): 1 to 200 characters after trimming, one message a second per player. */
export function decideChat(command: GameCommandOf<'PostChat'>, game: Game, now: number): Decision<GameEvent> {
  const player = memberOf(game, command.playerId);
  if (isRejection(player)) return player;
  if (game.chatIds.has(command.messageId)) return [];
  if (game.status === 'G_ABON') return reject(409, 'wrong_phase', 'this game was abandoned');
  const text = command.text.trim();
  if (text.length === 0 || text.length > LIVE.chatMaxLength) {
    return reject(400, 'validation_failed', `a message has 1 to ${LIVE.chatMaxLength} characters`, 'text');
  }
  if (player.lastChatAt !== null && now - player.lastChatAt < LIVE.chatIntervalMs) {
    return reject(409, 'rate_limited', 'one message a second, please');
  }
  return [gameEvent('ChatMessagePosted', { messageId: command.messageId, playerId: player.id, name: player.name, text, at: instantOf(now) })];
}

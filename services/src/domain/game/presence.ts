import { LIVE } from '@globetrail/contracts';
import type { Game, Player } from './game.state.js';

/**
 * Arena matches, lobby duels and ghost duels count a player as connected for 75 s after they were last seen
 * (SPEC §5), so a dropped connection does not end a round early (nor a ghost duel's first round before the
 * player's page has connected).
 */
export const countsLastSeen = (game: Game) => game.gameT === 'L' || game.origin === 'lobby' || game.origin === 'ghost';

export function isConnected(game: Game, player: Player, now: number): boolean {
  return player.isC || (countsLastSeen(game) && now - player.lsS < LIVE.connectedWindowMs);
}

/** Offline for the whole connected window: removed, forfeited or abandoned by CheckPresence. */
export function isAway(player: Player, now: number): boolean {
  return !player.isC && now - player.lsS >= LIVE.connectedWindowMs;
}

/** The players a round waits for: connected, and not inactive for more than the limit. */
export function countedPlayers(game: Game, now: number): Player[] {
  return game.players.filter((player) => isConnected(game, player, now) && player.ir <= LIVE.inactivityLimit);
}

/** When an offline player's connected window closes (epoch ms). */
export const awayAt = (player: Player) => player.lsS + LIVE.connectedWindowMs;

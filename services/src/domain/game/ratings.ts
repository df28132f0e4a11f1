import { eloDelta, LIVE, type TeamId } from '@globetrail/contracts';
import type { Game, Player } from './game.state.js';

export type RatingChanges = Record<string, { before: number; after: number }>;

/**
 * Arena matches rate each player from the Elo they joined with, so a rating that changed elsewhere during
 * the match cannot be counted twice. Anonymous and unrated players play but are not rated; an unrated
 * opponent counts as a newcomer (the start rating). Other modes have no ratings (null).
 */
export function ratingChangesOf(game: Game, winnerTeam: TeamId | null): RatingChanges | null {
  if (game.gameT !== 'L') return null;
  const changes: RatingChanges = {};
  for (const player of game.players) {
    const opponent = game.players.find((other) => other.id !== player.id);
    if (!isRated(player) || !opponent) continue;
    const score = winnerTeam === null ? 0.5 : player.team === winnerTeam ? 1 : 0;
    const delta = eloDelta(player.elo, opponent.elo ?? LIVE.eloStart, score);
    changes[player.id] = { before: player.elo, after: Math.max(0, player.elo + delta) };
  }
  return changes;
}

const isRated = (player: Player): player is Player & { elo: number } => player.elo !== null && !player.isA;

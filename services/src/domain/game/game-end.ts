import { type GameEvent, type GameEventOf, hasHitPoints, isDuel, LIVE, type TeamId } from '@globetrail/contracts';
import { type Game, instantOf, TEAMS } from './game.state.js';
import { ratingChangesOf } from './ratings.js';
import { standingsOf, winnerOf } from './standings.js';

type EndReason = GameEventOf<'GameEnded'>['data']['reason'];

/** Why the game is over after the round that just ended, if it is: read from the state with that round applied. */
export function gameOverReason(game: Game): EndReason | null {
  if (game.hp && TEAMS.some((team) => game.hp?.[team] === 0)) return 'knockout';
  const played = game.cr + 1;
  // A ghost duel has only the rounds that were recorded: then the side with more hit points wins.
  if (game.ghost && played >= game.ghost.rounds.length) return 'rounds';
  if (isDuel(game.gameT)) return played >= LIVE.duelRoundCap ? 'round_cap' : null;
  return played >= game.settings.nr ? 'rounds' : null;
}

export function gameEnded(game: Game, reason: EndReason, now: number, forfeitedBy: TeamId | null = null): GameEvent {
  const standings = standingsOf(game, forfeitedBy);
  const winnerTeam = hasHitPoints(game.gameT) ? winnerOf(standings) : null;
  return {
    type: 'GameEnded',
    version: 1,
    data: { reason, standings, winnerTeam, ratingChanges: ratingChangesOf(game, winnerTeam), endedAt: instantOf(now) },
  };
}

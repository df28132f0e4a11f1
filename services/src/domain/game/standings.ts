import { hasHitPoints, type Standing, type TeamId } from '@globetrail/contracts';
import { type Game, TEAMS, teamMembers } from './game.state.js';

/**
 * Final places. Players (C, A) rank by total points; sides (T, D, L) by hit points left, and a side that
 * forfeited is last whatever its hit points. Ties share a place and the next place skips (1, 1, 3).
 */
export function standingsOf(game: Game, forfeitedBy: TeamId | null = null): Standing[] {
  return hasHitPoints(game.gameT) ? sideStandings(game, forfeitedBy) : playerStandings(game);
}

/** The side alone in first place; null for a draw or a mode without sides. */
export function winnerOf(standings: readonly Standing[]): TeamId | null {
  const first = standings.filter((standing) => standing.place === 1);
  return first.length === 1 ? (first[0]?.team ?? null) : null;
}

function playerStandings(game: Game): Standing[] {
  const totals = [...new Set(game.players.map((player) => player.points))].sort((a, b) => b - a);
  let place = 1;
  return totals.map((points) => {
    const playerIds = game.players.filter((player) => player.points === points).map((player) => player.id);
    const standing: Standing = { place, playerIds, team: null, points, hp: null };
    place += playerIds.length;
    return standing;
  });
}

function sideStandings(game: Game, forfeitedBy: TeamId | null): Standing[] {
  const hp = (team: TeamId) => game.hp?.[team] ?? 0;
  // A side's points are its round scores (its best player's each round), summed.
  const points = (team: TeamId) => game.rounds.reduce((sum, round) => sum + (round.end?.teamScores?.[team] ?? 0), 0);
  const strength = (team: TeamId) => (team === forfeitedBy ? -1 : hp(team));
  const sides = [...TEAMS].sort((a, b) => strength(b) - strength(a));
  return sides.map((team) => ({
    place: sides.filter((other) => strength(other) > strength(team)).length + 1,
    playerIds: teamMembers(game, team).map((player) => player.id),
    team,
    points: points(team),
    hp: hp(team),
  }));
}

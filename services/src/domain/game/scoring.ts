import {
  applyCircleRule,
  damageMultiplier,
  type GameMode,
  greatCircleDistance,
  hasHitPoints,
  type LatLng,
  type PlayerRoundResult,
  scoreForDistance,
  type TeamId,
} from '@globetrail/contracts';
import { type Game, type Guess, type Round, teamMembers } from './game.state.js';

/**
 * Points for one guess. Circles score a guess whose circle holds the target as if it had been `r` away,
 * so a small circle is worth more and risks more; a target outside the circle scores 0 (SPEC §5).
 */
export function scoreGuess(mode: GameMode, guess: Guess, target: LatLng, mmd: number): { distance: number; points: number } {
  const distance = greatCircleDistance(guess.loc, target);
  if (mode === 'C') return { distance, points: applyCircleRule(scoreForDistance(guess.r, mmd), distance, guess.r) };
  return { distance, points: scoreForDistance(distance, mmd) };
}

/** Every player's result: their final guess, else their last marker made final, else nothing (0 points). */
export function roundResults(game: Game, round: Round): Record<string, PlayerRoundResult> {
  const results: Record<string, PlayerRoundResult> = {};
  for (const player of game.players) {
    const guess = round.guesses[player.id];
    if (!guess) {
      results[player.id] = { loc: null, r: -1, distance: null, points: 0, auto: false };
      continue;
    }
    const { distance, points } = scoreGuess(game.gameT, guess, round.target, game.map.mmd);
    results[player.id] = { loc: guess.loc, r: guess.r, distance, points, auto: !guess.isF };
  }
  return results;
}

export type SideScores = Record<TeamId, number>;

/** A side's round score is its best player's (one player a side in duels). */
export function sideScores(game: Game, results: Readonly<Record<string, PlayerRoundResult>>): SideScores | null {
  if (!hasHitPoints(game.gameT)) return null;
  const best = (team: TeamId) => Math.max(0, ...teamMembers(game, team).map((player) => results[player.id]?.points ?? 0));
  return { '0': best('0'), '1': best('1') };
}

export interface Damage {
  damage: { team: TeamId; amount: number; multiplier: number } | null;
  hp: Record<TeamId, number>;
}

/** The lower side loses the difference times the round's multiplier; hit points stop at 0. */
export function applyDamage(roundIndex: number, scores: SideScores, hp: Readonly<Record<TeamId, number>>): Damage {
  if (scores['0'] === scores['1']) return { damage: null, hp: { ...hp } };
  const lower: TeamId = scores['0'] < scores['1'] ? '0' : '1';
  const multiplier = damageMultiplier(roundIndex);
  const amount = Math.round(Math.abs(scores['0'] - scores['1']) * multiplier);
  return { damage: { team: lower, amount, multiplier }, hp: { ...hp, [lower]: Math.max(0, hp[lower] - amount) } };
}

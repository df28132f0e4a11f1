import { seededRandom } from './stats.js';

/** How every simulated player behaves in a round, on both sides of the comparison. */
export interface PlayStyle {
  /** Mean gap between two marker moves; each gap is uniform in [0.5, 1.5] × this. */
  moveMs: number;
  /** The guess is confirmed uniform in [thinkMinMs, thinkMaxMs] after the round starts for that player. */
  thinkMinMs: number;
  thinkMaxMs: number;
}

export interface RoundPlan {
  /** Marker moves, in ms after the round's start; all come before the confirmation. */
  movesAt: number[];
  confirmAt: number;
}

/**
 * A player's n-th round (counted from the start of the run, restarts included) gets the same plan on both
 * sides and in every phase, so the game and the relay are offered the same schedule.
 */
export function roundPlan(style: PlayStyle, seed: number, room: number, seat: 0 | 1, nth: number): RoundPlan {
  const random = seededRandom(seed ^ Math.imul(room + 1, 0x9e3779b1) ^ Math.imul(seat + 1, 0x85ebca6b) ^ Math.imul(nth + 1, 0xc2b2ae35));
  const confirmAt = style.thinkMinMs + random() * (style.thinkMaxMs - style.thinkMinMs);
  const movesAt: number[] = [];
  for (let at = style.moveMs * (0.5 + random()); at < confirmAt; at += style.moveMs * (0.5 + random())) movesAt.push(at);
  return { movesAt, confirmAt };
}

/**
 * Runs a plan from now, open loop: a move or the confirmation goes out on time whatever happened to the
 * earlier ones, so a slow server meets the same load as a fast one (no coordinated omission).
 */
export function play(plan: RoundPlan, move: () => void, confirm: () => void): { stop(): void } {
  const timers = [...plan.movesAt.map((at) => setTimeout(move, at)), setTimeout(confirm, plan.confirmAt)];
  return { stop: () => timers.forEach(clearTimeout) };
}

/** A player's n-th marker: never the same point twice in a row (a resent marker appends nothing), always on the map. */
export const markerAt = (n: number, seat: 0 | 1) => ({ lat: ((n % 160_000) - 80_000) / 1000, lng: seat === 0 ? 10 + (n % 2) : -10 - (n % 2) });

/** Where both players confirm in a round: equal scores, so no side loses hit points and no duel is knocked out. */
export const meetingPoint = (roundIndex: number) => ({ lat: ((roundIndex * 37) % 140) - 70, lng: ((roundIndex * 53) % 340) - 170 });

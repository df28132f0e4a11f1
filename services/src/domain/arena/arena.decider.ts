import type { ArenaEvent } from '@globetrail/contracts';
import { assertNever, type Decider, type Decision, reject } from '../decider.js';

export interface QueuedPlayer {
  playerId: string;
  name: string;
  rating: number;
  /** The lowest opponent rating this player accepts. */
  mElo: number | null;
  rated: boolean;
  since: number;
}

export interface ArenaState {
  queue: ReadonlyMap<string, QueuedPlayer>;
}

export type ArenaCommand =
  | { type: 'JoinQueue'; player: Omit<QueuedPlayer, 'since'> }
  | { type: 'LeaveQueue'; playerId: string }
  /** The matchmaker's tick: pair whoever can be paired now. */
  | { type: 'MakeMatches' };

/** docs/live-games.md: the rating window starts at 100 and widens by 50 every 5 s of waiting. */
export const MATCH_WINDOW = { start: 100, step: 50, everyMs: 5_000 } as const;

export function matchWindow(waitedMs: number): number {
  return MATCH_WINDOW.start + MATCH_WINDOW.step * Math.floor(Math.max(0, waitedMs) / MATCH_WINDOW.everyMs);
}

/** Two queued players can meet when their ratings are close enough for the longer wait and each clears the other's minimum. */
export function canMeet(a: QueuedPlayer, b: QueuedPlayer, now: number): boolean {
  const window = matchWindow(now - Math.min(a.since, b.since));
  return Math.abs(a.rating - b.rating) <= window && (a.mElo === null || b.rating >= a.mElo) && (b.mElo === null || a.rating >= b.mElo);
}

/** Longest-waiting first, each with the closest-rated partner it can meet. */
export function pairUp(queue: Iterable<QueuedPlayer>, now: number): Array<[QueuedPlayer, QueuedPlayer]> {
  const waiting = [...queue].sort((a, b) => a.since - b.since || a.playerId.localeCompare(b.playerId));
  const paired = new Set<string>();
  const pairs: Array<[QueuedPlayer, QueuedPlayer]> = [];
  for (const a of waiting) {
    if (paired.has(a.playerId)) continue;
    const partner = waiting
      .filter((b) => b.playerId !== a.playerId && !paired.has(b.playerId) && canMeet(a, b, now))
      .sort((b, c) => Math.abs(b.rating - a.rating) - Math.abs(c.rating - a.rating) || b.since - c.since)[0];
    if (!partner) continue;
    paired.add(a.playerId).add(partner.playerId);
    pairs.push([a, partner]);
  }
  return pairs;
}

export const arenaDecider: Decider<ArenaState, ArenaCommand, ArenaEvent> = {
  initialState: { queue: new Map() },

  decide(command, state, ctx): Decision<ArenaEvent> {
    const at = ctx.now.toISOString();
    switch (command.type) {
      case 'JoinQueue': {
        const queued = state.queue.get(command.player.playerId);
        if (queued) return queued.mElo === command.player.mElo ? [] : reject(409, 'already_in_queue', 'you are already waiting for a match; leave the queue to change your minimum');
        return [{ type: 'ArenaQueueJoined', version: 1, data: { ...command.player, at } }];
      }
      case 'LeaveQueue':
        return state.queue.has(command.playerId) ? [{ type: 'ArenaQueueLeft', version: 1, data: { playerId: command.playerId, at } }] : [];
      case 'MakeMatches':
        return pairUp(state.queue.values(), ctx.now.getTime()).map(([a, b]) => ({
          type: 'ArenaMatchMade',
          version: 1,
          data: { gameId: ctx.newId(), playerIds: [a.playerId, b.playerId], at },
        }));
      default:
        return assertNever(command);
    }
  },

  evolve(state, event): ArenaState {
    const queue = new Map(state.queue);
    switch (event.type) {
      case 'ArenaQueueJoined': {
        const { at, ...player } = event.data;
        queue.set(player.playerId, { ...player, since: Date.parse(at) });
        break;
      }
      case 'ArenaQueueLeft':
        queue.delete(event.data.playerId);
        break;
      case 'ArenaMatchMade':
        for (const playerId of event.data.playerIds) queue.delete(playerId);
        break;
      default:
        return assertNever(event);
    }
    return { queue };
  },
};

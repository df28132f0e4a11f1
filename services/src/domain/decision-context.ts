import { randomInt, randomUUID } from 'node:crypto';
import type { DecisionContext } from './decider.js';

/** mulberry32: small, fast, and good enough to pick locations; seeded so decisions can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The context the server decides with: the game clock, UUIDs, and a freshly seeded random source. */
export function systemContext(now: () => number = Date.now): DecisionContext {
  return { now: new Date(now()), newId: randomUUID, random: seededRandom(randomInt(0, 2 ** 32)) };
}

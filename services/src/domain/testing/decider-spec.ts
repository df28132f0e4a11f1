import type { Decider, DecisionContext } from '../decider.js';

/** A deterministic context: a fixed clock, counting ids, and a seeded random source (mulberry32). */
export function fixedContext(now = '2026-11-21T12:00:00.000Z', seed = 1): DecisionContext {
  let nextId = 0;
  let state = seed >>> 0;
  return {
    now: new Date(now),
    newId: () => `id-${++nextId}`,
    random: () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}

/** given(past events).when(command) → the decision, for given/when/then tests. */
export function spec<S, C, E>(decider: Decider<S, C, E>) {
  return {
    given: (events: E[]) => ({
      when: (command: C, ctx: DecisionContext = fixedContext()) => decider.decide(command, events.reduce(decider.evolve, decider.initialState), ctx),
      state: () => events.reduce(decider.evolve, decider.initialState),
    }),
  };
}

import type { Decider, DecisionContext } from '../decider.js';
import { seededRandom } from '../decision-context.js';

/** A deterministic context: a fixed clock, counting ids, and a seeded random source. */
export function fixedContext(now = '2026-11-21T12:00:00.000Z', seed = 1): DecisionContext {
  let nextId = 0;
  return { now: new Date(now), newId: () => `id-${++nextId}`, random: seededRandom(seed) };
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

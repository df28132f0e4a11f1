import type { ChallengeCreated, ChallengeEvent, ChallengeRoundPlan, ChallengeRules } from '@globetrail/contracts';
import { assertNever, type Decider, type Decision, reject } from '../decider.js';

export type ChallengeState = { status: 'none' } | { status: 'created'; challenge: ChallengeCreated['data'] };

export type ChallengeCommand = {
  type: 'CreateChallenge';
  challengeId: string;
  author: { id: string; name: string };
  rules: ChallengeRules;
  map: { id: string; name: string; content: string; maxMapDistance: number };
  rounds: ChallengeRoundPlan[];
  daily: string | null;
  authorChoseRounds: boolean;
};

/**
 * `challenge-{id}`: a challenge is created once and never changes; its rounds are fixed for everyone.
 * Created again (a retry, or two first requests of the day racing for a daily): nothing new.
 */
export const challengeDecider: Decider<ChallengeState, ChallengeCommand, ChallengeEvent> = {
  initialState: { status: 'none' },

  decide(command, state, ctx): Decision<ChallengeEvent> {
    switch (command.type) {
      case 'CreateChallenge': {
        if (state.status === 'created') {
          return state.challenge.authorId === command.author.id ? [] : reject(409, 'conflict', `challenge ${command.challengeId} already exists`);
        }
        if (command.rounds.length === 0) return reject(400, 'validation_failed', 'nr: a challenge needs at least one round', 'nr');
        const data = {
          challengeId: command.challengeId,
          authorId: command.author.id,
          authorName: command.author.name,
          rules: command.rules,
          mapId: command.map.id,
          mapName: command.map.name,
          mapContent: command.map.content,
          maxMapDistance: command.map.maxMapDistance,
          rounds: command.rounds,
          daily: command.daily,
          authorChoseRounds: command.authorChoseRounds,
          createdAt: ctx.now.toISOString(),
        };
        return [{ type: 'ChallengeCreated', version: 1, data }];
      }
      default:
        return assertNever(command.type);
    }
  },

  evolve(state, event): ChallengeState {
    switch (event.type) {
      case 'ChallengeCreated':
        return { status: 'created', challenge: event.data };
      default:
        return assertNever(event.type);
    }
  },
};

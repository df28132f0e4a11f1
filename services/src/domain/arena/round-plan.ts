import { createHash } from 'node:crypto';
import { type GameEventOf, roundPlanCommitment } from '@globetrail/contracts';

export type RoundPlan = GameEventOf<'RoundPlanDrawn'>['data'];

/** The SHA-256 (hex) a ranked match publishes in GameCreated for its round plan (contracts rules/round-plan.ts). */
export function roundPlanHash(plan: Pick<RoundPlan, 'salt' | 'rounds'>): string {
  return createHash('sha256').update(roundPlanCommitment(plan.salt, plan.rounds.map((round) => round.target)), 'utf8').digest('hex');
}

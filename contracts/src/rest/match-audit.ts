import { z } from 'zod';
import { latLngSchema } from '../rules/geo.js';

/**
 * `GET /arena/{matchId}/audit` (docs/audit.md): a ranked match checked from its events alone, for the
 * audit page and `npm run ops -- audit`.
 */
export const auditFindingSchema = z.object({
  /** What was checked, e.g. `round 2: distances and points`. */
  check: z.string(),
  ok: z.boolean(),
  /** What was found: the values compared, or why it could not be checked. */
  detail: z.string(),
});
export type AuditFinding = z.infer<typeof auditFindingSchema>;

export const auditedGuessSchema = z.object({
  playerId: z.string(),
  name: z.string(),
  guess: latLngSchema.nullable(),
  /** As stored in RoundEnded, and as the rules give them again from the guess and the target. */
  distance: z.number().nullable(),
  recomputedDistance: z.number().nullable(),
  points: z.number(),
  recomputedPoints: z.number().nullable(),
});
export type AuditedGuess = z.infer<typeof auditedGuessSchema>;

const damageSchema = z.object({ team: z.string(), amount: z.number() }).nullable();

export const auditedRoundSchema = z.object({
  index: z.number().int(),
  target: latLngSchema.nullable(),
  plannedTarget: latLngSchema.nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  guesses: z.array(auditedGuessSchema),
  damage: damageSchema,
  recomputedDamage: damageSchema,
  hp: z.record(z.string(), z.number()).nullable(),
});
export type AuditedRound = z.infer<typeof auditedRoundSchema>;

const ratingChangesSchema = z.record(z.string(), z.object({ before: z.number(), after: z.number() })).nullable();

export const matchAuditSchema = z.object({
  matchId: z.string(),
  /** fair: every check holds; tampered: at least one does not; in_progress: nothing is revealed before the end. */
  verdict: z.enum(['fair', 'tampered', 'in_progress']),
  committedHash: z.string().nullable(),
  committedAt: z.string().nullable(),
  /** Revealed once the match is over: the salt and each planned target, in round order. */
  plan: z.object({ salt: z.string(), targets: z.array(latLngSchema) }).nullable(),
  recomputedHash: z.string().nullable(),
  players: z.array(z.object({ id: z.string(), name: z.string(), team: z.string().nullable(), elo: z.number().nullable() })),
  rounds: z.array(auditedRoundSchema),
  ratingChanges: z.object({ stored: ratingChangesSchema, recomputed: ratingChangesSchema }).nullable(),
  findings: z.array(auditFindingSchema),
});
export type MatchAudit = z.infer<typeof matchAuditSchema>;

export const matchAuditResponseSchema = z.object({
  audit: matchAuditSchema,
  /** The match's events in order once it is over (pictures' private tokens left out); empty while it is on. */
  history: z.array(z.object({ revision: z.number().int(), type: z.string(), recordedAt: z.string(), data: z.unknown() })),
});
export type MatchAuditResponse = z.infer<typeof matchAuditResponseSchema>;

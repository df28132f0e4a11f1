import { z } from 'zod';
import { movementSchema } from '../rest/panorama.js';
import { latLngSchema } from '../rules/geo.js';
import { defineEvent, instantSchema } from './define-event.js';
import { panoramaRefSchema } from './solo-events.js';

/**
 * The settings every player of a challenge plays under (SPEC §3's challenge fields; docs/challenges.md
 * says what each means). `sd`/`ed` are Unix seconds, null when the challenge has no such bound.
 */
export const challengeRulesSchema = z.object({
  t: z.string(),
  d: z.string(),
  sd: z.number().int().nullable(),
  ed: z.number().int().nullable(),
  ip: z.boolean(),
  nmpz: z.boolean(),
  nm: z.boolean(),
  hsn: z.boolean(),
  rl: z.number().int(),
  gat: z.boolean(),
  mlte: z.number().int().min(0),
  dmdp1: z.number().min(0),
  dmdp2: z.number(),
});
export type ChallengeRules = z.infer<typeof challengeRulesSchema>;

/** A round every player of the challenge plays: where it is and which picture shows it (never sent to a client before its result). */
export const challengeRoundPlanSchema = z.object({
  target: latLngSchema,
  targetCountryCode: z.string().nullable(),
  /** The picture without a token: each player's round gets a token (and a turn) of its own when it starts. */
  panorama: panoramaRefSchema.omit({ token: true, yawOffset: true }),
});
export type ChallengeRoundPlan = z.infer<typeof challengeRoundPlanSchema>;

/** `challenge-{id}`: a challenge and its rounds, fixed for everyone who plays it. */
export const challengeCreatedV1 = defineEvent(
  'ChallengeCreated',
  1,
  z.object({
    challengeId: z.string().min(1),
    /** The author; `system` for the daily challenges. */
    authorId: z.string().min(1),
    authorName: z.string(),
    rules: challengeRulesSchema,
    mapId: z.string().min(1),
    mapName: z.string().min(1),
    mapContent: z.string().min(1),
    maxMapDistance: z.number().positive(),
    rounds: z.array(challengeRoundPlanSchema).min(1),
    /** The day key (SPEC §3 special challenge key) for a daily challenge, else null. */
    daily: z.string().nullable(),
    /** The author chose the rounds (`rou`): they know the targets, so their own results are not ranked. */
    authorChoseRounds: z.boolean(),
    createdAt: instantSchema,
  }),
);

/** `challengeplay-{challengeId}~{userId}`: one player's part in one challenge. */
export const challengeJoinedV1 = defineEvent(
  'ChallengeJoined',
  1,
  z.object({ challengeId: z.string().min(1), userId: z.string().min(1), name: z.string(), joinedAt: instantSchema }),
);

export const challengeLeftV1 = defineEvent('ChallengeLeft', 1, z.object({ challengeId: z.string().min(1), userId: z.string().min(1), leftAt: instantSchema }));

/** A player opened a round: their own token for its picture, and the server's deadline for their guess. */
export const challengeRoundStartedV1 = defineEvent(
  'ChallengeRoundStarted',
  1,
  z.object({
    challengeId: z.string().min(1),
    userId: z.string().min(1),
    roundIndex: z.number().int().min(0),
    target: latLngSchema,
    panorama: panoramaRefSchema,
    /** What the player may do with the picture (SPEC's No Move, NMPZ). */
    movement: movementSchema,
    startedAt: instantSchema,
    /** Null when the challenge has no time limit. */
    deadline: instantSchema.nullable(),
    /** A Blink round: when its picture hides (the server stops serving it soon after). Absent otherwise. */
    pictureHidesAt: instantSchema.optional(),
  }),
);

/** The server scored a player's round against its stored target; `guess` is null for a round whose time ran out. */
export const challengeRoundScoredV1 = defineEvent(
  'ChallengeRoundScored',
  1,
  z.object({
    challengeId: z.string().min(1),
    userId: z.string().min(1),
    roundIndex: z.number().int().min(0),
    guess: latLngSchema.nullable(),
    target: latLngSchema,
    distanceMeters: z.number().min(0).nullable(),
    points: z.number().int().min(0),
    targetCountryCode: z.string().nullable(),
    guessCountryCode: z.string().nullable(),
    timeTakenMs: z.number().int().min(0),
    /** The player's total after this round, and whether it was the last one. */
    totalPoints: z.number().int().min(0),
    completed: z.boolean(),
    daily: z.string().nullable(),
    scoredAt: instantSchema,
  }),
);

export const challengeRatedV1 = defineEvent(
  'ChallengeRated',
  1,
  z.object({ challengeId: z.string().min(1), userId: z.string().min(1), rating: z.number().int().min(1).max(5), ratedAt: instantSchema }),
);

export const challengeCommentedV1 = defineEvent(
  'ChallengeCommented',
  1,
  z.object({
    challengeId: z.string().min(1),
    userId: z.string().min(1),
    name: z.string(),
    commentId: z.string().min(1),
    roundIndex: z.number().int().min(0),
    comment: z.string().min(1),
    commentedAt: instantSchema,
  }),
);

export const challengeEventSchema = z.discriminatedUnion('type', [challengeCreatedV1]);
export const challengePlayEventSchema = z.discriminatedUnion('type', [
  challengeJoinedV1,
  challengeLeftV1,
  challengeRoundStartedV1,
  challengeRoundScoredV1,
  challengeRatedV1,
  challengeCommentedV1,
]);
export type ChallengeEvent = z.infer<typeof challengeEventSchema>;
export type ChallengePlayEvent = z.infer<typeof challengePlayEventSchema>;
export type ChallengeCreated = z.infer<typeof challengeCreatedV1>;
export type ChallengeRoundScored = z.infer<typeof challengeRoundScoredV1>;

/** SPEC §9: the visit and daily-challenge streaks, on the player's own stream. */
export const dailyVisitRecordedV1 = defineEvent(
  'DailyVisitRecorded',
  1,
  z.object({
    userId: z.string().min(1),
    /** UTC day, `YYYY-MM-DD`. */
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    dvs: z.number().int().min(1),
    dvsb: z.number().int().min(1),
    /** What the visit did to the streak: the client's snack message (SPEC §4). */
    outcome: z.enum(['started', 'increased', 'continued', 'ended', 'lost']),
    at: instantSchema,
  }),
);

export const dailyChallengeStreakChangedV1 = defineEvent(
  'DailyChallengeStreakChanged',
  1,
  z.object({
    userId: z.string().min(1),
    dcs: z.number().int().min(0),
    dcsb: z.number().int().min(0),
    /** SPEC §9's 8-character date string `YYYYMMDD`: the last UTC day a daily challenge was completed. */
    dcsd: z.string().regex(/^\d{8}$/),
    challengeId: z.string().min(1),
    at: instantSchema,
  }),
);

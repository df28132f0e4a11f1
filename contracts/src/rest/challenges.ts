import { z } from 'zod';
import { freeTextSchema } from '../rules/free-text.js';
import { parseLatLngPair } from '../rules/geo.js';
import { challengeRulesSchema } from '../events/challenge-events.js';
import { movementSchema } from './panorama.js';
import { roundResultSchema } from './solo.js';

/** The bounds docs/challenges.md gives each setting. */
export const CHALLENGE_LIMITS = {
  maxRounds: 20,
  defaultRounds: 5,
  maxTitle: 60,
  maxDescription: 500,
  maxRoundSeconds: 600,
  maxComment: 500,
  maxLevel: 200,
  maxPageSize: 50,
  maxPage: 10_000,
  /** After the round's time runs out: the ask-for-guess window when `gat` is on (LIVE.gatWindowMs). */
  askForGuessMs: 15_000,
  /** After a blink round's picture hides: the time to place the guess (LIVE.blinkGuessWindowMs). */
  blinkGuessMs: 25_000,
  /** Network slack for a guess sent as the time runs out, when there is no guess window. */
  graceMs: 3_000,
  /** The comments a challenge's page shows, newest first. */
  commentsShown: 100,
} as const;

/** SPEC §3's 'lat,lng' string (a third number, the heading, is allowed and ignored). */
export const latLngTextSchema = z.string().transform((text, ctx) => {
  const at = parseLatLngPair(text);
  if (!at) {
    ctx.addIssue({ code: 'custom', message: "expected 'lat,lng' with -90 ≤ lat ≤ 90 and -180 ≤ lng ≤ 180" });
    return z.NEVER;
  }
  return at;
});

export const formatLatLng = (at: { lat: number; lng: number }) => `${at.lat},${at.lng}`;

const unixSeconds = z.number().int().min(0).max(32_503_680_000);

/**
 * SPEC §3's creation payload, every field as SPEC names it. `id`, `ppr` and `spr` must be empty (the server
 * names the challenge; progress starts empty); `mn`, `mc` and `mmd` are taken from the map `mid`, whatever
 * the client sends (docs/challenges.md).
 */
export const createChallengeRequestSchema = z
  .object({
    id: z.literal('', { error: 'must be empty: the server names the challenge' }).default(''),
    t: freeTextSchema({ min: 1, max: CHALLENGE_LIMITS.maxTitle, tooShort: 'a title is needed' }),
    d: freeTextSchema({ max: CHALLENGE_LIMITS.maxDescription, multiline: true }).default(''),
    sd: unixSeconds.nullable().default(null),
    ed: unixSeconds.nullable().default(null),
    ip: z.boolean().default(false),
    nmpz: z.boolean().default(false),
    nm: z.boolean().default(false),
    hsn: z.boolean().default(true),
    rl: z
      .number()
      .int()
      .min(-1)
      .max(CHALLENGE_LIMITS.maxRoundSeconds)
      .refine((value) => value !== 0, { error: 'must be -1 (no limit) or a number of seconds' })
      .default(-1),
    gat: z.boolean().default(true),
    mlte: z.number().int().min(0).max(CHALLENGE_LIMITS.maxLevel).default(0),
    rou: z.array(latLngTextSchema).max(CHALLENGE_LIMITS.maxRounds).default([]),
    ppr: z.array(z.unknown()).max(0, 'must be empty when a challenge is created').default([]),
    spr: z.array(z.unknown()).max(0, 'must be empty when a challenge is created').default([]),
    nr: z.number().int().min(1).max(CHALLENGE_LIMITS.maxRounds).default(CHALLENGE_LIMITS.defaultRounds),
    mid: z.string().min(1, 'choose a map').max(64),
    mn: z.string().max(200).optional(),
    mc: z.string().max(20).nullable().optional(),
    mmd: z.number().optional(),
    dmdp1: z.number().min(0).max(100_000).default(0),
    dmdp2: z.number().min(-1).max(20_037_500).default(-1),
  })
  .superRefine((value, ctx) => {
    if (value.rou.length > 0 && value.rou.length !== value.nr) {
      ctx.addIssue({ code: 'custom', path: ['nr'], message: `is ${value.nr} but rou lists ${value.rou.length} rounds` });
    }
    if (value.sd !== null && value.ed !== null && value.ed <= value.sd) ctx.addIssue({ code: 'custom', path: ['ed'], message: 'must be after sd' });
    if (value.dmdp2 >= 0 && value.dmdp1 > value.dmdp2) ctx.addIssue({ code: 'custom', path: ['dmdp1'], message: 'must not be larger than dmdp2' });
  });
export type CreateChallengeRequest = z.input<typeof createChallengeRequestSchema>;
export type CreateChallengeInput = z.output<typeof createChallengeRequestSchema>;

export const challengeIdSchema = z.string().min(1).max(64);
export const joinChallengeRequestSchema = z.object({ id: challengeIdSchema });
export const rateChallengeRequestSchema = z.object({ challengeId: challengeIdSchema, rating: z.number().int().min(1).max(5) });
export const commentChallengeRequestSchema = z.object({
  challengeId: challengeIdSchema,
  roundNumber: z.number().int().min(0).max(CHALLENGE_LIMITS.maxRounds - 1),
  comment: freeTextSchema({ min: 1, max: CHALLENGE_LIMITS.maxComment, multiline: true, tooShort: 'write something' }),
});

/**
 * SPEC §3's challenge score payload: the player's guess in a round. The server scores it; the client
 * cannot (it never knows the target before its result), so `scoreToAdd`, `scoreFromNMPZ`, `scoreFromNM`
 * and `isCorrectCountry` may be left out — when sent, each must equal the server's value. `guessLoc` null
 * ends a round whose time ran out with 0 points. `roundNumber` counts from 0.
 */
export const challengeScoreRequestSchema = z.object({
  id: challengeIdSchema,
  roundNumber: z.number().int().min(0).max(CHALLENGE_LIMITS.maxRounds - 1),
  guessLoc: latLngTextSchema.nullable(),
  scoreToAdd: z.number().int().min(0).max(10_000).nullable().optional(),
  scoreFromNMPZ: z.number().int().min(0).max(10_000).nullable().optional(),
  scoreFromNM: z.number().int().min(0).max(10_000).nullable().optional(),
  isCorrectCountry: z.boolean().nullable().optional(),
});
export type ChallengeScoreRequest = z.input<typeof challengeScoreRequestSchema>;

/** `POST /challenge/{id}/round` (ours, not SPEC's): open a round to play; asked again, the same round. */
export const startChallengeRoundRequestSchema = z.object({ roundNumber: z.number().int().min(0).max(CHALLENGE_LIMITS.maxRounds - 1) });

export const challengeRoundViewSchema = z.object({
  roundNumber: z.number().int(),
  panoramaUrl: z.string(),
  heading: z.number(),
  movement: movementSchema,
  startedAt: z.string(),
  /** When the server stops taking the guess (ISO); null without a time limit. */
  deadline: z.string().nullable(),
  /** When the picture hides (blink) or the round's own time runs out (ISO); null without a time limit. */
  timeUp: z.string().nullable(),
  /** The server's time when it answered: a client counts down from it, whatever its own clock says. */
  now: z.string(),
});
export type ChallengeRoundView = z.infer<typeof challengeRoundViewSchema>;

/** SPEC §3 challenge progress: scores per round (`spr`), guesses per round as 'lat,lng' (`glpr`, '' for none), rated (`ra`). */
export const challengeProgressSchema = z.object({
  id: z.string(),
  spr: z.array(z.number().int()),
  glpr: z.array(z.string()),
  ra: z.boolean(),
  /** Whether the player joined (and has not left), and the round they have open, if any. */
  joined: z.boolean(),
  current: challengeRoundViewSchema.nullable(),
});
export type ChallengeProgress = z.infer<typeof challengeProgressSchema>;

/** A challenge round's result: a single-player round's, numbered as SPEC's challenge calls number rounds. */
export const challengeRoundResultSchema = roundResultSchema.omit({ roundIndex: true }).extend({ roundNumber: z.number().int() });
export type ChallengeRoundResult = z.infer<typeof challengeRoundResultSchema>;

export const dailyChallengeStreakSchema = z.object({ dcs: z.number().int(), dcsb: z.number().int(), dcsd: z.string() });
export type DailyChallengeStreak = z.infer<typeof dailyChallengeStreakSchema>;

/** SPEC §3's challenge (settings and rounds). `rou` holds only the rounds the viewer has finished. */
export const challengeSchema = challengeRulesSchema.extend({
  id: z.string(),
  aid: z.string(),
  an: z.string(),
  mid: z.string(),
  mn: z.string(),
  mc: z.string().nullable(),
  mmd: z.number(),
  nr: z.number().int(),
  rou: z.array(z.string()),
  bl: z.boolean(),
  /** The day key of a daily challenge, else null. */
  daily: z.string().nullable(),
  createdAt: z.string(),
  players: z.number().int(),
  completions: z.number().int(),
  rating: z.number().nullable(),
  ratings: z.number().int(),
  comments: z.number().int(),
});
export type Challenge = z.infer<typeof challengeSchema>;

export const challengeResultRowSchema = z.object({ userId: z.string(), name: z.string(), totalPoints: z.number().int(), rounds: z.number().int(), completed: z.boolean() });
export const challengeCommentSchema = z.object({ id: z.string(), userId: z.string(), name: z.string(), roundNumber: z.number().int(), comment: z.string(), at: z.string() });
export type ChallengeComment = z.infer<typeof challengeCommentSchema>;

/** GET /challenge/{id} and /challenge/Anon/{id}: the challenge, its best results and its comments. */
export const challengeDetailSchema = challengeSchema.extend({
  results: z.array(challengeResultRowSchema),
  commentList: z.array(challengeCommentSchema),
});
export type ChallengeDetail = z.infer<typeof challengeDetailSchema>;

/** POST /challenges/addScore: the round's result, and what SPEC says the response may hold. */
export const challengeScoreResponseSchema = z.object({
  result: challengeRoundResultSchema,
  totalPoints: z.number().int(),
  ch: challengeSchema,
  chp: challengeProgressSchema,
  /** Set when this round completed a daily challenge: the player's daily-challenge streak. */
  chs: dailyChallengeStreakSchema.nullable(),
});
export type ChallengeScoreResponse = z.infer<typeof challengeScoreResponseSchema>;

/** Sorts of `/challenges/{a}/{b}/{c}`'s `c`: newest, most played, best rated, ending soonest. */
export const challengeSortValues = ['new', 'players', 'rating', 'ending'] as const;
export const challengeSortSchema = z.enum(challengeSortValues);
export type ChallengeSort = z.infer<typeof challengeSortSchema>;

const pageNumber = (max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, 'a whole number')
    .transform(Number)
    .pipe(z.number().int().min(0).max(max));
export const challengePageParamsSchema = z.object({
  page: pageNumber(CHALLENGE_LIMITS.maxPage),
  pageSize: pageNumber(CHALLENGE_LIMITS.maxPageSize).pipe(z.number().min(1, 'at least 1')),
  sort: challengeSortSchema,
});

export const challengeListEntrySchema = challengeSchema.omit({ rou: true }).extend({
  /** Signed-in lists only: the rounds you have finished in it (null: not joined). */
  played: z.number().int().nullable(),
});
export type ChallengeListEntry = z.infer<typeof challengeListEntrySchema>;
export const challengePageSchema = z.object({ challenges: z.array(challengeListEntrySchema), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });
export type ChallengePage = z.infer<typeof challengePageSchema>;

/** GET /challenges/daily: today's four challenges (UTC), plain, No Move, NMPZ and Blink. */
export const dailyChallengesSchema = z.object({ day: z.string(), challenges: z.array(challengeListEntrySchema) });
export type DailyChallenges = z.infer<typeof dailyChallengesSchema>;

/** GET /user/DailyVisitStreak: SPEC §3's streaks; `dvs` is -1 when the visit streak ended, -2 when it was lost. */
export const dailyVisitStreakSchema = z.object({ dvs: z.number().int(), dvsb: z.number().int(), dcs: z.number().int(), dcsb: z.number().int(), dcsd: z.string() });
export type DailyVisitStreak = z.infer<typeof dailyVisitStreakSchema>;

/** The suffixes of SPEC §3's special challenge key, in the order the daily list shows them. */
export const dailyVariants = ['', '-NM', '-NMPZ', '-Blink'] as const;
export type DailyVariant = (typeof dailyVariants)[number];
